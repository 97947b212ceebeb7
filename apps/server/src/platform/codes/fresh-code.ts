import { RESEND_COOLDOWN_MS } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { CODE_RULES, type CodePurpose } from './purposes.js';
import type { CodeContext, CodeService } from './service.js';

/**
 * What every "email me a code" does: a new code of `purpose` for this person, unless one went
 * out less than a minute ago (null: the one in their inbox still works) or the day's codes of
 * the purpose were all sent (null: nobody can flood an inbox by asking), in all or, in the open
 * flows, at the request of this `requester` (a stranger cannot use up the owner's share). While the purpose is
 * paused for them (too many wrong codes today), nothing is sent: null, or with
 * `refuseWhenPaused` the service's CODES_PAUSED error, for a flow that must say why.
 */
export async function freshCode(
  deps: { codes: CodeService; clock: Clock },
  trx: Kysely<DB>,
  userId: bigint,
  purpose: CodePurpose,
  options: { refuseWhenPaused?: boolean; requester?: string; context?: CodeContext } = {},
): Promise<string | null> {
  const sentAt = await deps.codes.lastSentAt(trx, userId, purpose);
  if (sentAt && deps.clock.now().getTime() - sentAt.getTime() < RESEND_COOLDOWN_MS) return null;
  const rules = CODE_RULES[purpose];
  const issued = await deps.codes.issuedInLastDay(trx, userId, purpose, options.requester);
  if (issued.all >= rules.dailyIssues) return null;
  if (
    options.requester !== undefined &&
    rules.requesterDailyIssues !== undefined &&
    issued.requester >= rules.requesterDailyIssues
  ) {
    return null;
  }
  if (!options.refuseWhenPaused && (await deps.codes.pausedUntil(trx, userId, purpose))) {
    return null;
  }
  return (
    await deps.codes.issue(trx, {
      userId,
      purpose,
      ...(options.requester === undefined ? {} : { requester: options.requester }),
      ...(options.context === undefined ? {} : { context: options.context }),
    })
  ).code;
}
