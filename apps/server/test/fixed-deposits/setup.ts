import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  ensureInternalAccounts,
  openCustomerAccount,
  postTransfer,
} from '../../src/ledger/index.js';
import { createPin, signedInCustomer } from '../helpers/customers.js';
import type { TestSuite } from '../helpers/suite.js';

/** Helpers shared by the fixed-deposit suites: plans, funded customers, reads of the ledger. */

export const DAY = 86_400_000;
let seq = 0;

/** A plan as staff keep it (written directly: a test's clock is not staff's second factor). */
export async function addPlan(
  suite: TestSuite,
  terms: {
    termCount: number;
    termUnit: 'days' | 'months';
    rateBp: number;
    minAmount?: bigint;
    maxAmount?: bigint | null;
    active?: boolean;
  },
) {
  seq += 1;
  const name = `Plan ${seq} ${terms.termCount} ${terms.termUnit}`;
  const row = await suite.database.db
    .insertInto('fixed_deposit_plans')
    .values({
      name,
      term_count: terms.termCount,
      term_unit: terms.termUnit,
      rate_bp: terms.rateBp,
      min_amount: terms.minAmount ?? 10_000n,
      max_amount: terms.maxAmount ?? null,
      active: terms.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id), name };
}

/**
 * An approved customer with an open current account holding `balance` minor units, and their
 * transaction PIN (`TEST_PIN`), which opening a deposit from the balance asks for.
 */
export async function customerWith(suite: TestSuite, balance: bigint) {
  const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
  await createPin(c.client);
  const db = suite.database.db;
  const account = await openCustomerAccount(db, {
    ownerId: c.userId,
    kind: 'customer_current',
    currency: 'USD',
    name: 'Katherine Johnson',
  });
  if (balance > 0n) {
    const internal = await ensureInternalAccounts(db, 'USD');
    await postTransfer(db, {
      idempotencyKey: `fd-test-funding-${c.userId}`,
      kind: 'crypto_deposit',
      memo: 'Opening deposit',
      actor: 'system',
      fromAccountId: internal.crypto_deposit_clearing.id,
      toAccountId: account.id,
      amount: balance,
      currency: 'USD',
    });
  }
  return { ...c, currentAccountId: account.id };
}
export type FundedCustomer = Awaited<ReturnType<typeof customerWith>>;

/** A fresh client idempotency key (16 to 64 letters, digits, - and _). */
export const clientKey = () => `k-${randomBytes(12).toString('hex')}`;

export async function balanceOf(suite: TestSuite, accountId: bigint): Promise<bigint> {
  const row = await suite.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** Every entry whose key starts with `prefix`, with its postings (account and amount). */
export async function entriesWithKeyPrefix(suite: TestSuite, prefix: string) {
  const { rows } = await sql<{
    id: bigint;
    key: string;
    kind: string;
    memo: string;
    actor: string;
    postings: { accountId: string; amount: string }[];
  }>`
    select e.id, e.idempotency_key as key, e.kind, e.memo, e.actor,
           (select json_agg(json_build_object('accountId', p.account_id::text,
                                              'amount', p.amount::text) order by p.id)
            from postings p where p.entry_id = e.id) as postings
    from journal_entries e
    where starts_with(e.idempotency_key, ${prefix})
    order by e.id`.execute(suite.database.db);
  return rows;
}

/** The stored row of a fixed deposit. */
export function depositRow(suite: TestSuite, id: string | bigint) {
  return suite.database.db
    .selectFrom('fixed_deposits')
    .selectAll()
    .select([
      sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'),
      sql<string>`to_char(maturity_date, 'YYYY-MM-DD')`.as('maturity'),
    ])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
}

/** Row counts that any refused opening must leave as they were. */
export async function openingFootprint(suite: TestSuite) {
  const { rows } = await sql<Record<string, number>>`
    select (select count(*)::int from journal_entries) as entries,
           (select count(*)::int from postings) as postings,
           (select count(*)::int from ledger_accounts) as accounts,
           (select count(*)::int from fixed_deposits) as deposits,
           (select count(*)::int from notifications) as notifications,
           (select count(*)::int from jobs where kind = 'email') as emails`.execute(
    suite.database.db,
  );
  return rows[0];
}

/**
 * A pending crypto request for a fixed deposit, as the funding module records it (the proof
 * file and crypto type written directly): what staff confirm to open a deposit from clearing.
 */
export async function cryptoFixedDepositRequest(
  suite: TestSuite,
  userId: bigint,
  planId: string,
  amount: bigint,
) {
  const db = suite.database.db;
  seq += 1;
  const storageKey = `${randomBytes(16).toString('hex')}.jpg`;
  await db
    .insertInto('stored_files')
    .values({ storage_key: storageKey, purpose: 'funding_proof', bytes: 1, sha256: '0'.repeat(64) })
    .execute();
  const coin = await db
    .insertInto('crypto_types')
    .values({
      name: `Coin ${seq} ${randomBytes(3).toString('hex')}`,
      address: 'bc1qtestaddress000',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = await db
    .insertInto('funding_requests')
    .values({
      user_id: userId,
      kind: 'fixed_deposit',
      crypto_type_id: coin.id,
      pay_to_address: 'bc1qtestaddress000',
      fd_plan_id: BigInt(planId),
      claimed_amount: amount,
      currency: 'USD',
      proof_key: storageKey,
      proof_mime: 'image/jpeg',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return request.id;
}
