import { beforeEach, describe, expect, it } from 'vitest';
import { approve, reject } from '../../src/modules/approvals/service.js';
import { permissionsOf } from '../../src/platform/permissions.js';
import type { StaffActor } from '../../src/platform/audit/index.js';
import { testClock } from '../helpers/app.js';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';
import { APPROVALS, REASON, adjustmentHelpers } from './setup.js';

/**
 * Who may still decide a proposal when it is decided, not when the request was admitted: a
 * proposal whose proposer has left (deactivated) is not approved on their word, and an approver
 * demoted or deactivated a moment after the access hook admitted their request decides nothing.
 */
const clock = testClock();
const suite = useTestApp({ clock });
const h = adjustmentHelpers(suite, clock);
beforeEach(() => {
  clock.advance(Date.now() - clock.now().getTime());
});

const credit = (accountNumber: string) => ({
  target: 'customer',
  accountNumber,
  direction: 'credit',
  amount: '50000',
  reason: REASON,
});

/** The actor as the access hook admitted them (their roles as they were then). */
async function admittedAs(userId: bigint): Promise<StaffActor> {
  return {
    userId,
    ip: '127.0.0.1',
    userAgent: 'test',
    permissions: await permissionsOf(suite.database.db, userId),
  };
}

const status = async (approvalId: string) =>
  (
    await suite.database.db
      .selectFrom('approvals')
      .select('status')
      .where('id', '=', BigInt(approvalId))
      .executeTakeFirstOrThrow()
  ).status;

describe(`who decides a proposal, as they are when it is decided (${engineName})`, () => {
  it("refuses to approve a deactivated proposer's proposal (409); it can still be rejected", async () => {
    const admin = await h.staff('staff_admin');
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const approvalId = await h.proposed(maker.client, credit(customer.account.accountNumber));

    const gone = await admin.client.post(`/api/v1/staff/team/members/${maker.id}/deactivate`, {
      reason: 'Left the bank on Friday',
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const approved = await checker.client.post(`${APPROVALS}/${approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().detail).toMatch(/proposed by someone who is no longer active staff/i);
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect(await h.balanceOf(customer.account.id)).toBe(0n);
    expect(await status(approvalId)).toBe('pending');
    // Still offered to the checker: rejecting it is how it leaves the inbox.
    const view = (await checker.client.get(`${APPROVALS}/${approvalId}`)).json();
    expect(view).toMatchObject({ status: 'pending', canDecide: true });

    const rejected = await checker.client.post(`${APPROVALS}/${approvalId}/reject`, {
      note: 'The proposer left; propose it again if still needed',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await status(approvalId)).toBe('rejected');
    await h.expectBooksBalanced();
  });

  it('an approver demoted after their request was admitted approves nothing (403)', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const approvalId = await h.proposed(maker.client, credit(customer.account.accountNumber));
    const admitted = await admittedAs(checker.id);
    expect(admitted.permissions.has('ledger.adjust.approve')).toBe(true);

    // Another administrator takes the role away between admission and decision.
    await suite.database.db.deleteFrom('user_roles').where('user_id', '=', checker.id).execute();

    await expect(approve(suite.app.deps, BigInt(approvalId), admitted, null)).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
    await expect(
      reject(suite.app.deps, BigInt(approvalId), admitted, 'Not matching the statement'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect(await status(approvalId)).toBe('pending');
  });

  it('an approver deactivated after their request was admitted approves nothing (403)', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const approvalId = await h.proposed(maker.client, credit(customer.account.accountNumber));
    const admitted = await admittedAs(checker.id);

    await suite.database.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', checker.id)
      .execute();

    await expect(approve(suite.app.deps, BigInt(approvalId), admitted, null)).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect(await h.balanceOf(customer.account.id)).toBe(0n);
    expect(await status(approvalId)).toBe('pending');
  });
});
