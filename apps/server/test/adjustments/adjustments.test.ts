import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_INBOX_PERMISSIONS } from '@bank/contract';
import { expireProposals } from '../../src/modules/approvals/service.js';
import { testClock } from '../helpers/app.js';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';
import { ADJUSTMENTS, APPROVALS, REASON, adjustmentHelpers } from './setup.js';

/**
 * Manual ledger adjustments, maker-checker: proposing moves no money; a different person with
 * `ledger.adjust.approve` approves, which posts exactly one entry against the bank's manual
 * adjustments account, tells the customer, and keeps the books balanced.
 */
const clock = testClock();
const suite = useTestApp({ clock });
const h = adjustmentHelpers(suite, clock);
const HOUR_MS = 60 * 60_000;
// The server's clock keeps up with the real one (the authenticator codes of the sign-ins follow
// it), but for the expiry test, which moves it.
beforeEach(() => {
  clock.advance(Date.now() - clock.now().getTime());
});

const credit = (accountNumber: string, amount = '125000') => ({
  target: 'customer',
  accountNumber,
  direction: 'credit',
  amount,
  reason: REASON,
});

async function auditOf(action: string, targetId: string) {
  return suite.database.db
    .selectFrom('audit_log')
    .select(['actor_id as actorId', 'before', 'after', 'customer_id as customerId'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('seq')
    .execute();
}

describe(`manual ledger adjustments (${engineName})`, () => {
  it('proposed by one, approved by another: one entry, right balances, the customer told, books at zero', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const before = await h.footprint();

    const response = await h.propose(maker.client, credit(customer.account.accountNumber));
    expect(response.statusCode, response.body).toBe(201);
    const { approvalId, status, replayed, summary } = response.json();
    expect({ status, replayed, summary }).toEqual({
      status: 'pending',
      replayed: false,
      summary: `Credit $1,250.00 to Dorothy Vaughan, account ${customer.account.accountNumber}`,
    });
    // Proposing moved no money and kept the evidence with the proposal.
    expect(await h.balanceOf(customer.account.id)).toBe(0n);
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect(await h.footprint()).toMatchObject({
      approvals: before.approvals + 1,
      files: before.files + 1,
      entries: before.entries,
    });
    expect(await auditOf('approval.propose', approvalId)).toMatchObject([
      {
        actorId: maker.id,
        customerId: customer.userId,
        after: { kind: 'ledger.adjustment', amount: '125000', reason: REASON },
      },
    ]);

    // The checker reads it, with its details and evidence, waiting for them.
    const waiting = (await checker.client.get(`${APPROVALS}?view=waiting&kind=ledger.adjustment`))
      .json()
      .items.find((a: { id: string }) => a.id === approvalId);
    expect(waiting).toMatchObject({
      kindLabel: 'Manual ledger adjustment',
      summary: `Credit $1,250.00 to Dorothy Vaughan, account ${customer.account.accountNumber}`,
      amount: '125000',
      canDecide: true,
      evidenceMime: 'image/webp',
    });
    expect(waiting.details).toEqual(
      expect.arrayContaining([
        { label: 'Direction', value: 'Credit' },
        { label: 'Amount', value: '$1,250.00' },
      ]),
    );
    const file = await checker.client.get(`${APPROVALS}/${approvalId}/evidence`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    const approved = await checker.client.post(`${APPROVALS}/${approvalId}/approve`, {
      note: 'Matches the statement',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decidedBy: { id: String(checker.id) },
      decisionNote: 'Matches the statement',
    });

    const [entry, ...more] = await h.entriesOf(approvalId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'manual_adjustment',
      memo: `Balance correction by the bank (adjustment ${approvalId})`,
      actor: `staff:${checker.id}`,
    });
    expect(await h.balanceOf(customer.account.id)).toBe(125_000n);
    const bank = await h.adjustmentsAccount();
    expect(bank.balance).toBe(-125_000n);
    await h.expectBooksBalanced();

    // The customer reads it in their transactions and is told in plain words.
    const history = (await customer.client.get('/api/v1/accounts/current/transactions')).json();
    expect(history.items[0]).toMatchObject({
      name: `Balance correction by the bank (adjustment ${approvalId})`,
      amount: '125000',
      transactionType: 'credit',
      balanceAfter: '125000',
    });
    const notices = (await customer.client.get('/api/v1/notifications')).json().items;
    expect(notices[0]).toMatchObject({
      title: 'We added money to your account',
      body: expect.stringContaining(
        '$1,250.00 was added to your account. Your balance is now $1,250.00.',
      ),
    });
    expect(await auditOf('ledger.adjust', String(customer.account.id))).toMatchObject([
      {
        actorId: checker.id,
        customerId: customer.userId,
        before: { balance: '0' },
        after: {
          approvalId,
          direction: 'credit',
          amount: '125000',
          entryId: String(entry?.id),
          balance: '125000',
          counterAccount: bank.accountNumber,
        },
      },
    ]);
    expect(await auditOf('approval.approve', approvalId)).toHaveLength(1);

    // Approving again changes nothing.
    expect((await checker.client.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode).toBe(
      409,
    );
    expect(await h.entriesOf(approvalId)).toHaveLength(1);
  });

  it('the proposer can never approve their own, even holding both permissions (403, nothing posted)', async () => {
    const both = await h.staff('finance');
    const customer = await h.customer();
    const approvalId = await h.proposed(both.client, credit(customer.account.accountNumber));
    const own = await both.client.post(`${APPROVALS}/${approvalId}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toMatch(/a different person must approve/);
    expect(
      (await both.client.post(`${APPROVALS}/${approvalId}/reject`, { note: 'No no' })).statusCode,
    ).toBe(403);
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect(await h.balanceOf(customer.account.id)).toBe(0n);
    // It is theirs, not waiting for them.
    const mine = (await both.client.get(`${APPROVALS}/${approvalId}`)).json();
    expect(mine).toMatchObject({ status: 'pending', canDecide: false, mine: true });
    const waiting = (await both.client.get(`${APPROVALS}?view=waiting`)).json().items;
    expect(waiting.map((a: { id: string }) => a.id)).not.toContain(approvalId);
  });

  it('ten approvers at once post exactly one entry', async () => {
    const maker = await h.staff('finance_maker');
    const approvers = [];
    for (let i = 0; i < 10; i++) approvers.push(await h.staff('finance_approver'));
    const customer = await h.customer();
    const approvalId = await h.proposed(
      maker.client,
      credit(customer.account.accountNumber, '700'),
    );
    const answers = await Promise.all(
      approvers.map((a) => a.client.post(`${APPROVALS}/${approvalId}/approve`, {})),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(await h.entriesOf(approvalId)).toHaveLength(1);
    expect(await h.balanceOf(customer.account.id)).toBe(700n);
    expect(await auditOf('approval.approve', approvalId)).toHaveLength(1);
    expect(await auditOf('ledger.adjust', String(customer.account.id))).toHaveLength(1);
    await h.expectBooksBalanced();
  });

  it('an approval and a rejection at once: exactly one wins', async () => {
    const maker = await h.staff('finance_maker');
    const a = await h.staff('finance_approver');
    const b = await h.staff('finance_approver');
    for (let round = 0; round < 3; round++) {
      const customer = await h.customer();
      const approvalId = await h.proposed(
        maker.client,
        credit(customer.account.accountNumber, '900'),
      );
      const [approve, reject] = await Promise.all([
        a.client.post(`${APPROVALS}/${approvalId}/approve`, {}),
        b.client.post(`${APPROVALS}/${approvalId}/reject`, { note: 'Evidence is not readable' }),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const final = (await maker.client.get(`${APPROVALS}/${approvalId}`)).json();
      const posted = await h.entriesOf(approvalId);
      if (approve.statusCode === 200) {
        expect(final.status).toBe('approved');
        expect(posted).toHaveLength(1);
        expect(await h.balanceOf(customer.account.id)).toBe(900n);
      } else {
        expect(final).toMatchObject({
          status: 'rejected',
          decisionNote: 'Evidence is not readable',
        });
        expect(posted).toEqual([]);
        expect(await h.balanceOf(customer.account.id)).toBe(0n);
      }
    }
    await h.expectBooksBalanced();
  });

  it('withdrawn by its proposer only; rejected and withdrawn ones are kept, nothing posted', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const first = await h.proposed(maker.client, credit(customer.account.accountNumber, '300'));
    const other = await checker.client.post(`${APPROVALS}/${first}/withdraw`);
    expect(other.statusCode).toBe(403);
    const withdrawn = await maker.client.post(`${APPROVALS}/${first}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      status: 'withdrawn',
      decidedBy: { id: String(maker.id) },
    });
    expect((await checker.client.post(`${APPROVALS}/${first}/approve`, {})).statusCode).toBe(409);

    const second = await h.proposed(maker.client, credit(customer.account.accountNumber, '400'));
    const short = await checker.client.post(`${APPROVALS}/${second}/reject`, { note: '' });
    expect(short.statusCode).toBe(400);
    const rejected = await checker.client.post(`${APPROVALS}/${second}/reject`, {
      note: 'No matching statement line',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await checker.client.post(`${APPROVALS}/${second}/approve`, {})).statusCode).toBe(409);

    expect(await h.entriesOf(first)).toEqual([]);
    expect(await h.entriesOf(second)).toEqual([]);
    expect(await h.balanceOf(customer.account.id)).toBe(0n);
    const kept = await suite.database.db
      .selectFrom('approvals')
      .select(['id', 'status'])
      .where('id', 'in', [BigInt(first), BigInt(second)])
      .orderBy('id')
      .execute();
    expect(kept.map((r) => r.status)).toEqual(['withdrawn', 'rejected']);
    const mine = (await maker.client.get(`${APPROVALS}?view=mine&status=rejected`)).json().items;
    expect(mine.map((a: { id: string }) => a.id)).toContain(second);
  });

  it('a debit may not take a customer below zero: refused when proposed, and again when approved', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const number = customer.account.accountNumber;
    const funded = await h.proposed(maker.client, credit(number, '1000'));
    expect((await checker.client.post(`${APPROVALS}/${funded}/approve`, {})).statusCode).toBe(200);

    const before = await h.footprint();
    const tooMuch = await h.propose(maker.client, {
      ...credit(number, '1001'),
      direction: 'debit',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([
      {
        path: 'body.amount',
        message: 'The account holds $10.00: a debit of $10.01 would take it below zero',
      },
    ]);
    expect(await h.footprint()).toEqual(before);

    // Two debits that each fit, but not both: the second is refused at approval.
    const one = await h.proposed(maker.client, { ...credit(number, '600'), direction: 'debit' });
    const two = await h.proposed(maker.client, { ...credit(number, '600'), direction: 'debit' });
    expect((await checker.client.post(`${APPROVALS}/${one}/approve`, {})).statusCode).toBe(200);
    expect(await h.balanceOf(customer.account.id)).toBe(400n);
    const refused = await checker.client.post(`${APPROVALS}/${two}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(
      /holds \$4\.00: a debit of \$6\.00 would take it below zero/,
    );
    expect(await h.entriesOf(two)).toEqual([]);
    expect(await h.balanceOf(customer.account.id)).toBe(400n);
    expect((await checker.client.get(`${APPROVALS}/${two}`)).json().status).toBe('pending');
    const notices = (await customer.client.get('/api/v1/notifications')).json().items;
    expect(notices[0]).toMatchObject({ title: 'We took money from your account' });
    await h.expectBooksBalanced();
  });

  it("credits or debits one of the bank's own accounts, and lists those it may name", async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const listed = await maker.client.get(`${ADJUSTMENTS}/accounts`);
    expect(listed.statusCode, listed.body).toBe(200);
    const accounts = listed.json();
    expect(accounts.items.map((a: { kind: string }) => a.kind)).toEqual([
      'suspense',
      'fee_income',
      'interest_expense',
      'crypto_deposit_clearing',
      'outgoing_transfer_clearing',
    ]);
    expect(accounts).toMatchObject({ currency: 'USD', maxAmount: '1000000000' });
    const suspense = accounts.items[0];
    const approvalId = await h.proposed(maker.client, {
      target: 'internal',
      internalAccount: 'suspense',
      direction: 'debit',
      amount: '5000',
      reason: 'Unidentified receipt returned to the sender',
    });
    const bankBefore = (await h.adjustmentsAccount()).balance;
    expect((await checker.client.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode).toBe(
      200,
    );
    const after = (await maker.client.get(`${ADJUSTMENTS}/accounts`)).json().items[0];
    expect(BigInt(after.balance)).toBe(BigInt(suspense.balance) - 5000n);
    expect((await h.adjustmentsAccount()).balance).toBe(bankBefore + 5000n);
    await h.expectBooksBalanced();
  });

  it('the same Idempotency-Key proposes once; with other details it is refused', async () => {
    const maker = await h.staff('finance_maker');
    const customer = await h.customer();
    const fields = credit(customer.account.accountNumber, '250');
    const first = await h.propose(maker.client, fields, { key: 'same-key-for-twice' });
    expect(first.statusCode).toBe(201);
    const before = await h.footprint();
    const again = await h.propose(maker.client, fields, { key: 'same-key-for-twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ approvalId: first.json().approvalId, replayed: true });
    const different = await h.propose(
      maker.client,
      { ...fields, amount: '251' },
      {
        key: 'same-key-for-twice',
      },
    );
    expect(different.statusCode).toBe(409);
    // Sent twice at once: one proposal.
    const twice = await Promise.all([
      h.propose(maker.client, fields, { key: 'same-key-at-once' }),
      h.propose(maker.client, fields, { key: 'same-key-at-once' }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(twice.map((r) => r.json().approvalId)).size).toBe(1);
    const after = await h.footprint();
    expect(after).toMatchObject({ approvals: before.approvals + 1, files: before.files + 1 });
  });

  it('refuses bad input with a 4xx on the field, and writes nothing', async () => {
    const maker = await h.staff('finance_maker');
    const customer = await h.customer();
    const number = customer.account.accountNumber;
    const fixed = await suite.database.db
      .insertInto('ledger_accounts')
      .values({
        account_number: String(
          Number(number) === 9_999_999_999 ? 1_000_000_001 : Number(number) + 1,
        ),
        kind: 'customer_fixed_deposit',
        currency: 'USD',
        owner_id: customer.userId,
        name: 'Fixed deposit',
      })
      .returning('account_number as accountNumber')
      .executeTakeFirstOrThrow()
      .catch(() => null);
    const before = await h.footprint();
    const cases: [Record<string, string>, string][] = [
      [{ ...credit(number), amount: '0' }, 'body.amount'],
      [{ ...credit(number), amount: '12.50' }, 'body.amount'],
      [{ ...credit(number), amount: '-100' }, 'body.amount'],
      [{ ...credit(number), amount: '1000000001' }, 'body.amount'],
      [{ ...credit(number), amount: '99999999999999999999999' }, 'body.amount'],
      [{ ...credit(number), reason: '' }, 'body.reason'],
      [{ ...credit(number), reason: 'x'.repeat(501) }, 'body.reason'],
      [{ ...credit(number), direction: 'sideways' }, 'body.direction'],
      [{ ...credit(number), accountNumber: '12345' }, 'body.accountNumber'],
      [{ ...credit('1111111111') }, 'body.accountNumber'],
      [
        { target: 'internal', direction: 'credit', amount: '10', reason: REASON },
        'body.internalAccount',
      ],
      [
        {
          target: 'internal',
          internalAccount: 'manual_adjustments',
          direction: 'credit',
          amount: '10',
          reason: REASON,
        },
        'body.internalAccount',
      ],
      [{ ...credit(number), target: 'somewhere' }, 'body.target'],
      ...(fixed
        ? ([[credit(fixed.accountNumber), 'body.accountNumber']] as [
            Record<string, string>,
            string,
          ][])
        : []),
    ];
    for (const [fields, path] of cases) {
      const response = await h.propose(maker.client, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(
        response.json().errors.map((e: { path: string }) => e.path),
        JSON.stringify(fields),
      ).toContain(path);
    }
    // The evidence: missing, not a picture or PDF.
    const missing = await h.propose(maker.client, credit(number), { file: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.evidence');
    const text = await h.propose(maker.client, credit(number), {
      file: { name: 'evidence', value: 'just some words', fileName: 'note.png', type: 'image/png' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0].path).toBe('body.evidence');
    // No Idempotency-Key, or a JSON body.
    expect((await h.propose(maker.client, credit(number), { key: null })).statusCode).toBe(400);
    expect(
      (await maker.client.post(ADJUSTMENTS, credit(number), { 'idempotency-key': 'json-body-key' }))
        .statusCode,
    ).toBe(400);
    expect(await h.footprint()).toEqual(before);
  });

  it('takes a PDF as evidence, served back as the PDF it checked; refuses one with a script', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]).drawText('Statement, 3 March: fee charged twice', { x: 20, y: 100 });
    const pdf = Buffer.from(await doc.save());
    const taken = await h.propose(maker.client, credit(customer.account.accountNumber), {
      file: { name: 'evidence', value: pdf, fileName: 'statement.pdf', type: 'application/pdf' },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const { approvalId } = taken.json();
    const file = await checker.client.get(`${APPROVALS}/${approvalId}/evidence`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Its proposer may read it back too; each view is audited.
    expect((await maker.client.get(`${APPROVALS}/${approvalId}/evidence`)).statusCode).toBe(200);
    expect(await auditOf('approval.view_evidence', approvalId)).toHaveLength(2);

    const before = await h.footprint();
    const hostile = await h.propose(maker.client, credit(customer.account.accountNumber), {
      file: {
        name: 'evidence',
        value: '%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF',
        fileName: 'statement.pdf',
        type: 'application/pdf',
      },
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().errors[0].path).toBe('body.evidence');
    expect(await h.footprint()).toEqual(before);
  });

  it('who may do what: propose, list the accounts, approve', async () => {
    const operations = await h.staff('operations');
    const approver = await h.staff('finance_approver');
    const maker = await h.staff('finance_maker');
    const other = await h.staff('finance_maker');
    const customer = await h.customer();
    const number = customer.account.accountNumber;
    for (const who of [operations, approver]) {
      expect((await h.propose(who.client, credit(number))).statusCode).toBe(403);
      expect((await who.client.get(`${ADJUSTMENTS}/accounts`)).statusCode).toBe(403);
    }
    // A customer's session is no staff session.
    expect((await customer.client.get(`${ADJUSTMENTS}/accounts`)).statusCode).toBe(401);
    const approvalId = await h.proposed(maker.client, credit(number));
    // Another maker (no approve permission) cannot decide it, nor see it.
    expect((await other.client.get(`${APPROVALS}/${approvalId}`)).statusCode).toBe(404);
    expect((await other.client.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode).toBe(
      403,
    );
    expect(
      (await operations.client.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode,
    ).toBe(403);
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect((await approver.client.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode).toBe(
      200,
    );
  });

  // It moves the clock forward for the job, and back before the sessions are used again.
  it('expires unapproved after 72 hours: cannot be approved, nothing posted', async () => {
    const maker = await h.staff('finance_maker');
    const checker = await h.staff('finance_approver');
    const customer = await h.customer();
    const approvalId = await h.proposed(maker.client, credit(customer.account.accountNumber));
    clock.advance(72 * HOUR_MS + 1000);
    expect(await expireProposals(suite.app.deps)).toBeGreaterThanOrEqual(1);
    clock.advance(-(72 * HOUR_MS + 1000));
    const late = await checker.client.post(`${APPROVALS}/${approvalId}/approve`, {});
    expect(late.statusCode).toBe(409);
    expect((await checker.client.get(`${APPROVALS}/${approvalId}`)).json()).toMatchObject({
      status: 'expired',
      canDecide: false,
    });
    expect(await h.entriesOf(approvalId)).toEqual([]);
    expect(await h.balanceOf(customer.account.id)).toBe(0n);
    expect(await auditOf('approval.expire', approvalId)).toMatchObject([{ actorId: null }]);
  });
});

describe('the approvals inbox', () => {
  it('admits exactly the permissions the web app offers it to', () => {
    const access = suite.app.routeAccess.get('GET /api/v1/staff/approvals');
    expect(access && 'permission' in access ? [access.permission].flat().sort() : []).toEqual(
      [...APPROVAL_INBOX_PERMISSIONS].sort(),
    );
  });
});
