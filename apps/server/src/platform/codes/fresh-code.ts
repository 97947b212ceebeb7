import { RESEND_COOLDOWN_MS } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { CODE_RULES, type CodePurpose } from './purposes.js';
import type { CodeService } from './service.js';

/**
 * What every "email me a code" does: a new code of `purpose` for this person, unless one went
 * out less than a minute ago (null: the one in their inbox still works) or the day's codes of
 * the purpose were all sent (null: nobody can flood an inbox by asking). While the purpose is
 * paused for them (too many wrong codes today), nothing is sent: null, or with
 * `refuseWhenPaused` the service's CODES_PAUSED error, for a flow that must say why.
 */
export async function freshCode(
  deps: { codes: CodeService; clock: Clock },
  trx: Kysely<DB>,
  userId: bigint,
  purpose: CodePurpose,
  options: { refuseWhenPaused?: boolean } = {},
): Promise<string | null> {
  const sentAt = await deps.codes.lastSentAt(trx, userId, purpose);
  if (sentAt && deps.clock.now().getTime() - sentAt.getTime() < RESEND_COOLDOWN_MS) return null;
  if ((await deps.codes.issuedInLastDay(trx, userId, purpose)) >= CODE_RULES[purpose].dailyIssues) {
    return null;
  }
  if (!options.refuseWhenPaused && (await deps.codes.pausedUntil(trx, userId, purpose))) {
    return null;
  }
  return (await deps.codes.issue(trx, { userId, purpose })).code;
}
