import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  checkLedger,
  ensureInternalAccounts,
  openCustomerAccount,
  postTransfer,
  type Executor,
} from '../../src/ledger/index.js';
import { createTestDatabase } from '../helpers/database.js';
import { tamper } from '../helpers/ledger.js';

/** Money in from the deposit clearing account to a new customer account. */
async function fundedCustomer(db: Executor, ownerId: bigint, amount: bigint) {
  const internal = await ensureInternalAccounts(db, 'USD');
  const account = await openCustomerAccount(db, {
    ownerId,
    kind: 'customer_current',
    currency: 'USD',
    name: `customer ${ownerId}`,
  });
  await postTransfer(db, {
    idempotencyKey: `fund-${ownerId}-${account.id}`,
    kind: 'crypto_deposit',
    memo: 'deposit',
    actor: 'system',
    fromAccountId: internal.crypto_deposit_clearing.id,
    toAccountId: account.id,
    amount,
    currency: 'USD',
  });
  return account;
}

describe('checkLedger', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('passes a healthy ledger and prints a trial balance that sums to zero', async () => {
    const { db } = database;
    await fundedCustomer(db, 1n, 10_000n);
    await fundedCustomer(db, 2n, 2_500n);
    const report = await checkLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.totals).toEqual([{ currency: 'USD', balance: 0n }]);
    const customers = report.trialBalance.find((r) => r.kind === 'customer_current');
    expect(customers).toMatchObject({ accounts: 2, balance: 12_500n });
    expect(report.counts).toMatchObject({ entries: 2, postings: 4 });
  });

  it('finds a cached balance edited behind the ledger', async () => {
    const { db } = database;
    const account = await fundedCustomer(db, 3n, 1_000n);
    await tamper(db, [`update ledger_accounts set balance = 999999 where id = ${account.id}`]);
    const report = await checkLedger(db);
    expect(report.ok).toBe(false);
    const rules = report.violations.map((v) => v.rule);
    expect(rules).toContain('cached_balance_mismatch');
    expect(rules).toContain('trial_balance_not_zero');
    await tamper(db, [`update ledger_accounts set balance = 1000 where id = ${account.id}`]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('finds an unbalanced entry, a one-legged entry and a broken running balance', async () => {
    const own = await createTestDatabase();
    try {
      const { db } = own;
      const account = await fundedCustomer(db, 4n, 500n);
      await tamper(db, [
        `insert into journal_entries (kind, memo, actor, idempotency_key, fingerprint)
           values ('forged', 'x', 'intruder', 'forged-1', 'f')`,
        `insert into postings (entry_id, account_id, amount, currency, balance_after)
           select id, ${account.id}, 100, 'USD', 12345 from journal_entries where idempotency_key = 'forged-1'`,
      ]);
      const rules = new Set((await checkLedger(db)).violations.map((v) => v.rule));
      expect(rules).toEqual(
        new Set([
          'entry_unbalanced',
          'entry_too_few_postings',
          'running_balance_mismatch',
          // The cached balances were not touched, so they still sum to zero.
          'cached_balance_mismatch',
        ]),
      );
    } finally {
      await own.close();
    }
  });

  it('finds a customer account below zero', async () => {
    const own = await createTestDatabase();
    try {
      const { db } = own;
      const account = await fundedCustomer(db, 5n, 100n);
      const internal = await ensureInternalAccounts(db, 'USD');
      await sql`alter table ledger_accounts drop constraint customer_balance_not_negative`.execute(
        db,
      );
      await tamper(db, [
        `insert into journal_entries (kind, memo, actor, idempotency_key, fingerprint)
           values ('forged', 'x', 'intruder', 'forged-2', 'f')`,
        `insert into postings (entry_id, account_id, amount, currency, balance_after)
           select id, ${account.id}, -300, 'USD', -200 from journal_entries where idempotency_key = 'forged-2'`,
        `insert into postings (entry_id, account_id, amount, currency, balance_after)
           select id, ${internal.suspense.id}, 300, 'USD', 300 from journal_entries where idempotency_key = 'forged-2'`,
        `update ledger_accounts set balance = -200, debit_total = 300 where id = ${account.id}`,
        `update ledger_accounts set balance = 300, credit_total = 300 where id = ${internal.suspense.id}`,
      ]);
      const report = await checkLedger(db);
      expect(report.violations.map((v) => v.rule)).toEqual([
        'customer_balance_negative',
        'customer_balance_negative',
      ]);
    } finally {
      await own.close();
    }
  });
});
