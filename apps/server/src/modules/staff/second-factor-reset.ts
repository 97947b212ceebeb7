import { personName } from '@bank/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { defineApprovalKind, propose } from '../approvals/index.js';
import { mfaStatus, removeSecondFactor } from '../auth/index.js';
import { removeAllPasskeys } from '../passkeys/index.js';
import { users } from '../users/index.js';
import { secondFactorResetEmail } from './emails.js';
import { STAFF_SUBJECT } from './members.js';

/**
 * Resetting a staff member's second factor (PRODUCT.md: two people, always): one staff
 * administrator proposes it with a reason, a different one approves it, and only then are the
 * authenticator app and the recovery codes removed and every session ended, so that the next
 * sign-in sets the app up again. Neither may be the staff member concerned. (The command line's
 * `npm run staff:reset` stays for an operator with access to the server, in an emergency.)
 */

export const SECOND_FACTOR_RESET = 'staff.second_factor_reset';

const payload = z.object({
  userId: z.string().regex(/^\d+$/),
  name: z.string(),
  email: z.string(),
});

export const secondFactorResetKind = defineApprovalKind({
  kind: SECOND_FACTOR_RESET,
  label: "Reset a staff member's second factor",
  approve: 'staff.manage',
  payload,
  details: (p) => [
    { label: 'Staff member', value: `${p.name} (${p.email})` },
    {
      label: 'What approving does',
      value:
        'Removes their authenticator app, recovery codes and passkeys and ends every session of theirs; they set up the app again at their next sign-in.',
    },
  ],
  async execute(deps, trx, proposal, checker) {
    const id = BigInt(proposal.payload.userId);
    const target = await users.lockStaff(trx, id);
    if (!target) throw new AppError('NOT_FOUND', 'No such staff member');
    if (id === checker.userId) {
      throw new AppError(
        'FORBIDDEN',
        'You cannot approve the reset of your own second factor: another administrator must.',
      );
    }
    const { enrolled } = await mfaStatus(trx, id);
    await removeSecondFactor(trx, id);
    // A passkey is a second factor too (and stands for both): it goes with the app.
    await removeAllPasskeys(trx, id, deps.clock.now());
    const sessionsEnded = await revokeUserSessions(trx, id);
    await deps.mail.send(
      trx,
      await secondFactorResetEmail(target.email, target.firstName, deps.clock.now()),
    );
    await deps.audit(trx, {
      action: 'staff.second_factor_reset',
      actor: checker,
      targetId: String(id),
      before: { secondFactor: enrolled },
      after: { secondFactor: false, sessionsEnded, approvalId: String(proposal.id) },
    });
    return [
      { label: 'Second factor', value: 'Removed: set up again at the next sign-in' },
      { label: 'Sessions ended', value: String(sessionsEnded) },
    ];
  },
});

/** Proposes the reset, for a second staff administrator to approve under Approvals. */
export async function proposeSecondFactorReset(
  deps: AppDeps,
  id: bigint,
  reason: string,
  proposer: StaffActor,
): Promise<{ approvalId: string; message: string }> {
  const approvalId = await deps.db.transaction().execute(async (trx) => {
    const target = await users.lockStaff(trx, id);
    if (!target) throw new AppError('NOT_FOUND', 'No such staff member');
    if (id === proposer.userId) {
      throw new AppError(
        'FORBIDDEN',
        'You cannot reset your own second factor: another administrator must propose it.',
      );
    }
    const { enrolled } = await mfaStatus(trx, id);
    if (!enrolled) {
      throw new AppError(
        'CONFLICT',
        'Their authenticator app is not set up yet: they set it up at their next sign-in.',
      );
    }
    const name = personName(target);
    return propose(
      deps,
      trx,
      {
        kind: SECOND_FACTOR_RESET,
        subject: { type: STAFF_SUBJECT, id: String(id) },
        payload: { userId: String(id), name, email: target.email },
        summary: `Reset the second factor of ${name} (${target.email})`.slice(0, 300),
        reason,
      },
      proposer,
    );
  });
  return {
    approvalId: String(approvalId),
    message: 'Proposed: a second staff administrator approves it under Approvals.',
  };
}
