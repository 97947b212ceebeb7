import sharp from 'sharp';
import { expect } from 'vitest';
import { checkLedger, getBalance, openCustomerAccount } from '../../src/ledger/index.js';
import { signedInCustomer } from '../helpers/customers.js';
import type { TestClient } from '../helpers/http.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import type { TestSuite } from '../helpers/suite.js';

/** Helpers of the manual-adjustment suites: staff by role, customers, the form, the books. */

export const ADJUSTMENTS = '/api/v1/staff/adjustments';
export const APPROVALS = '/api/v1/staff/approvals';
const PASSWORD = 'copper ledger quietly balancing';
export const REASON = 'Card fee charged twice on 3 March; refund of the second charge';

let seq = 0;
let png: Buffer | undefined;

/** A small picture: a scan of the statement that shows the error. */
export async function evidence(): Promise<Part> {
  png ??= await sharp({ create: { width: 80, height: 50, channels: 3, background: '#48c' } })
    .png()
    .toBuffer();
  return { name: 'evidence', value: png, fileName: 'statement.png', type: 'image/png' };
}

export function adjustmentHelpers(
  suite: TestSuite,
  /** The server's clock, when the suite moves it: kept up with the authenticator's. */
  clock?: { now(): Date; advance(ms: number): void },
) {
  /** A staff member whose only role is `role`, signed in through both steps. */
  async function staff(role: string) {
    seq += 1;
    clock?.advance(Date.now() - clock.now().getTime());
    const credentials = {
      email: `adjust.${role}.${seq}.${Date.now().toString(36)}@bank.example`,
      password: PASSWORD,
    };
    const id = await createStaff(suite.database, credentials, role);
    const client = await signInStaff(suite.app, credentials);
    return { id, client };
  }

  /** An approved customer with an open current account. */
  async function customer() {
    const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    const account = await openCustomerAccount(suite.database.db, {
      ownerId: c.userId,
      kind: 'customer_current',
      currency: 'USD',
      name: 'Dorothy Vaughan',
    });
    return { ...c, account };
  }

  /** Sends the proposal form: `file: null` sends none, `key: null` no Idempotency-Key. */
  async function propose(
    client: TestClient,
    fields: Record<string, string>,
    options: { key?: string | null; file?: Part | null } = {},
  ) {
    seq += 1;
    const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    const file = options.file === undefined ? await evidence() : options.file;
    if (file) parts.push(file);
    const body = multipartBody(parts);
    const key = options.key === undefined ? `adjust-key-${seq}-${Date.now()}` : options.key;
    return client.request('POST', ADJUSTMENTS, body.payload, {
      'content-type': body.contentType,
      ...(key === null ? {} : { 'idempotency-key': key }),
    });
  }

  /** Proposes and expects it taken: the proposal's id. */
  async function proposed(client: TestClient, fields: Record<string, string>) {
    const response = await propose(client, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().approvalId as string;
  }

  const db = () => suite.database.db;

  /** An account's balance as the books hold it (a house account's with its pending movements). */
  async function balanceOf(accountId: bigint) {
    return (await getBalance(db(), { accountId, ownerId: null })).balance;
  }

  async function adjustmentsAccount() {
    const row = await db()
      .selectFrom('ledger_accounts')
      .select(['id', 'account_number as accountNumber'])
      .where('kind', '=', 'manual_adjustments')
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    return { ...row, balance: await balanceOf(row.id) };
  }

  /** The entries an approval posted (by its idempotency key): zero or one. */
  async function entriesOf(approvalId: string) {
    return db()
      .selectFrom('journal_entries')
      .select(['id', 'kind', 'memo', 'actor'])
      .where('idempotency_key', '=', `adjustment:${approvalId}`)
      .execute();
  }

  /** What a refused request must not leave behind. */
  async function footprint() {
    const count = async (table: 'approvals' | 'stored_files' | 'journal_entries') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      approvals: await count('approvals'),
      files: await count('stored_files'),
      entries: await count('journal_entries'),
    };
  }

  /** The books balance: every rule of the checker holds and all balances sum to zero. */
  async function expectBooksBalanced() {
    const report = await checkLedger(db());
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    // Every currency's balances (house accounts' with their pending movements) sum to zero.
    for (const total of report.totals) expect(total.balance).toBe(0n);
  }

  return {
    staff,
    customer,
    propose,
    proposed,
    balanceOf,
    adjustmentsAccount,
    entriesOf,
    footprint,
    expectBooksBalanced,
  };
}
