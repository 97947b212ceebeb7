import { expect } from 'vitest';
import type { TestClient } from '../helpers/http.js';
import type { TestSuite } from '../helpers/suite.js';
import {
  OWN_SWIFT,
  PIN,
  TRANSFERS,
  details,
  transferHelpers,
  type Sender,
} from '../transfers/setup.js';

/**
 * Helpers of the security review of bank transfers (decision 0019), on top of the transfer
 * suites' own: moving a customer to a plan, walking a transfer up to a stage, reading rows.
 */

export type Json = Record<string, unknown>;

/** A sender with the name on their account (a transfer inside the bank must name its holder). */
export type NamedSender = Sender & { name: string };

export function reviewHelpers(suite: TestSuite) {
  const t = transferHelpers(suite);
  const db = () => suite.database.db;

  /** `transferHelpers().sender`, with the customer's name as the bank holds it. */
  async function sender(balance?: bigint, names: { firstName?: string } = {}) {
    const c = await t.sender(balance, names);
    const user = await db()
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    return { ...c, name: `${user.first_name} ${user.last_name}` } satisfies NamedSender;
  }

  /** The send form for a transfer to this customer's current account, naming its holder. */
  function inside(to: NamedSender, overrides: Record<string, unknown> = {}) {
    return details({
      swift: OWN_SWIFT,
      accountNumber: to.accountNumber,
      accountHolderName: to.name,
      ...overrides,
    });
  }

  /** Puts the customer on a new plan with these terms (as an upgrade would). */
  async function setPlan(userId: bigint, terms: Record<string, unknown>) {
    const plan = await t.accountPlan(terms);
    await db()
      .updateTable('users')
      .set({ plan_id: BigInt(plan.id) })
      .where('id', '=', userId)
      .execute();
    return plan;
  }

  /** Created, confirmed and PIN-checked: the id and the PIN step's answer. */
  async function pinned(c: Sender, body = details()) {
    const id = await t.confirmed(c.client, body);
    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.statusCode, pin.body).toBe(200);
    return { id, step: pin.json() as Json };
  }

  /** Every step but the last: ready to submit (the code entered when it was asked). */
  async function ready(c: Sender, body = details()) {
    const { id, step } = await pinned(c, body);
    if (step.next === 'code') {
      const code = await c.client.post(`${TRANSFERS}/${id}/code`, {
        code: await t.codeFor(c.email),
      });
      expect(code.statusCode, code.body).toBe(200);
    }
    return id;
  }

  async function row(id: string | bigint) {
    return db()
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
  }

  async function entriesWithKey(key: string) {
    return db()
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
  }

  async function transferCount(userId?: bigint) {
    let q = db()
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'));
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  async function liveCodes(userId: bigint) {
    return db()
      .selectFrom('one_time_codes')
      .select(['id', 'attempts', 'consumed_at'])
      .where('user_id', '=', userId)
      .where('purpose', '=', 'transfer_authorization')
      .where('consumed_at', 'is', null)
      .execute();
  }

  async function pinRow(userId: bigint) {
    return db()
      .selectFrom('transaction_pins')
      .select(['failures', 'locked_until'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async function balanceOfAccount(id: bigint) {
    const r = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return BigInt(r.balance);
  }

  async function internalBalance(kind: 'fee_income' | 'outgoing_transfer_clearing') {
    const r = await db()
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', kind)
      .where('currency', '=', 'USD')
      .where('owner_id', 'is', null)
      .executeTakeFirst();
    return r ? BigInt(r.balance) : 0n;
  }

  const step = (client: TestClient, id: string, name: string, body?: unknown) =>
    client.post(`${TRANSFERS}/${id}/${name}`, body);

  return {
    ...t,
    sender,
    inside,
    setPlan,
    pinned,
    ready,
    row,
    entriesWithKey,
    transferCount,
    liveCodes,
    pinRow,
    balanceOfAccount,
    internalBalance,
    step,
  };
}
