import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  checkLedger,
  getBalance,
  postTransfer,
  type Executor,
  type LedgerAccount,
  type PostedEntry,
} from '../../src/ledger/index.js';
import { AppError } from '../../src/platform/errors.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { QueryCounter } from '../helpers/query-counter.js';
import { entriesByKey, fund, openCustomer, storedBalance, uniqueKey } from '../helpers/ledger.js';

/**
 * Many connections posting at once (on PostgreSQL; PGlite serialises them): no lost update, no
 * double spend, no deadlock, and every acknowledged transfer is in the books exactly once.
 */
let database: Database;
let db: Executor;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 40 });
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

/** A small seeded PRNG (mulberry32), so a failing run can be reproduced from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Outside a transaction postEntry goes through the group-commit batcher; inside a caller's
 * transaction it runs on that transaction's own connection. Both are exercised.
 */
function transfer(
  from: LedgerAccount,
  to: LedgerAccount,
  amount: bigint,
  key: string,
  via: 'batcher' | 'transaction' = 'batcher',
  on: Executor = db,
) {
  const input = {
    idempotencyKey: key,
    kind: 'transfer',
    memo: 'concurrency',
    actor: 'system',
    fromAccountId: from.id,
    toAccountId: to.id,
    amount,
    currency: from.currency,
  };
  return via === 'batcher'
    ? postTransfer(on, input)
    : on.transaction().execute((trx) => postTransfer(trx, input));
}

function isInsufficientFunds(error: unknown): boolean {
  return error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS';
}

describe(`concurrent posting (${engineName})`, () => {
  it('32 workers, random transfers among 20 accounts with a hot pair: money is conserved and every acknowledgement is in the books once', async () => {
    const ACCOUNTS = 20;
    const WORKERS = 32;
    const PER_WORKER = 25;
    const INITIAL = 10_000n;
    const seed = Date.now() % 1_000_000;
    const prefix = uniqueKey(`conc${seed}`);

    const accounts: LedgerAccount[] = [];
    const account = (i: number): LedgerAccount => {
      const found = accounts[i];
      if (!found) throw new Error(`no account ${i}`);
      return found;
    };
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await openCustomer(db);
      await fund(db, account, INITIAL);
      accounts.push(account);
    }

    interface Ack {
      key: string;
      from: LedgerAccount;
      to: LedgerAccount;
      amount: bigint;
      entryId: bigint;
    }
    const acked: Ack[] = [];
    const refused: string[] = [];
    const counter = new QueryCounter('ledger_post_entries(', 'ledger_post_entry(');
    const observed = db.withPlugin(counter);

    const worker = async (w: number) => {
      const random = prng(seed * 100 + w);
      for (let i = 0; i < PER_WORKER; i++) {
        let from: LedgerAccount;
        let to: LedgerAccount;
        if (random() < 0.4) {
          // The hot pair, both directions.
          [from, to] = random() < 0.5 ? [account(0), account(1)] : [account(1), account(0)];
        } else {
          const f = Math.floor(random() * ACCOUNTS);
          const t = (f + 1 + Math.floor(random() * (ACCOUNTS - 1))) % ACCOUNTS;
          [from, to] = [account(f), account(t)];
        }
        const amount = BigInt(1 + Math.floor(random() * 6_000));
        const key = `${prefix}-${w}-${i}`;
        try {
          const via = random() < 0.5 ? 'batcher' : 'transaction';
          const posted: PostedEntry = await transfer(from, to, amount, key, via, observed);
          expect(posted.replayed).toBe(false);
          acked.push({ key, from, to, amount, entryId: posted.entryId });
        } catch (error) {
          if (!isInsufficientFunds(error)) throw error;
          refused.push(key);
        }
      }
    };

    const results = await Promise.allSettled(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(acked.length + refused.length).toBe(WORKERS * PER_WORKER);
    expect(acked.length).toBeGreaterThan(0);
    // Both ways of posting ran: single entries, and group commits of several entries at once.
    expect(counter.count('ledger_post_entry(')).toBeGreaterThan(0);
    expect(counter.count('ledger_post_entries(')).toBeGreaterThan(0);
    if (database.engine === 'postgres') {
      // The workers really ran on parallel connections (the pool opens one per waiting query;
      // the transactions hold theirs).
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(
        db,
      );
      expect(rows[0]?.n).toBeGreaterThanOrEqual(WORKERS / 2);
    }
    expect(
      refused.length,
      `seed ${seed}: some transfers should outrun the balance`,
    ).toBeGreaterThan(0);

    // Balances: conserved in total, never negative, and each the sum of its acknowledged moves.
    const expected = new Map(accounts.map((a) => [a.id, INITIAL]));
    for (const ack of acked) {
      expected.set(ack.from.id, (expected.get(ack.from.id) ?? 0n) - ack.amount);
      expected.set(ack.to.id, (expected.get(ack.to.id) ?? 0n) + ack.amount);
    }
    let total = 0n;
    for (const account of accounts) {
      const { balance } = await getBalance(db, { accountId: account.id, ownerId: null });
      expect(balance, `account ${account.id}, seed ${seed}`).toBe(expected.get(account.id));
      expect(balance).toBeGreaterThanOrEqual(0n);
      total += balance;
    }
    expect(total).toBe(INITIAL * BigInt(ACCOUNTS));

    // The journal: exactly the acknowledged transfers under this run's keys, each once, as acked.
    const rows = await db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', 'p.entry_id', 'e.id')
      .select(['e.id', 'e.idempotency_key as key', 'p.account_id as accountId', 'p.amount'])
      .where('e.idempotency_key', 'like', `${prefix}-%`)
      .orderBy('p.id')
      .execute();
    const byKey = new Map<string, { ids: Set<bigint>; legs: [bigint, bigint][] }>();
    for (const row of rows) {
      const found = byKey.get(row.key) ?? { ids: new Set(), legs: [] };
      found.ids.add(row.id);
      found.legs.push([row.accountId, row.amount]);
      byKey.set(row.key, found);
    }
    expect(byKey.size).toBe(acked.length);
    for (const ack of acked) {
      const found = byKey.get(ack.key);
      expect(found?.ids, ack.key).toEqual(new Set([ack.entryId]));
      expect(found?.legs, ack.key).toEqual([
        [ack.from.id, -ack.amount],
        [ack.to.id, ack.amount],
      ]);
    }
    for (const key of refused) expect(byKey.has(key), key).toBe(false);

    const report = await checkLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it.each(['batcher', 'transaction'] as const)(
    '50 simultaneous debits of the full balance (%s): exactly one succeeds and the balance ends at 0',
    async (via) => {
      const source = await openCustomer(db);
      const sink = await openCustomer(db);
      await fund(db, source, 5_000n);
      const prefix = uniqueKey('drain');

      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => transfer(source, sink, 5_000n, `${prefix}-${i}`, via)),
      );

      const succeeded = results.filter((r) => r.status === 'fulfilled');
      const refusals = results.filter((r) => r.status === 'rejected');
      expect(succeeded).toHaveLength(1);
      expect(refusals).toHaveLength(49);
      for (const r of refusals) expect(isInsufficientFunds(r.reason), String(r.reason)).toBe(true);
      expect(await storedBalance(db, source.id)).toBe(0n);
      expect(await storedBalance(db, sink.id)).toBe(5_000n);
      const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from journal_entries where idempotency_key like ${`${prefix}-%`}`.execute(
        db,
      );
      expect(rows[0]?.n).toBe(1);
      expect(await getBalance(db, { accountId: source.id, ownerId: null })).toMatchObject({
        totalCredit: 5_000n,
        totalDebit: 5_000n,
        version: 2n,
      });
    },
  );

  it.each(['batcher', 'transaction'] as const)(
    'the same idempotency key from 20 workers at once (%s): one entry, one movement, the same entry id for all',
    async (via) => {
      const from = await openCustomer(db);
      const to = await openCustomer(db);
      await fund(db, from, 1_000n);
      const key = uniqueKey('same');

      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => transfer(from, to, 300n, key, via)),
      );

      const posted = results.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      });
      const ids = new Set(posted.map((p) => p.entryId));
      expect(ids.size).toBe(1);
      expect(posted.filter((p) => !p.replayed)).toHaveLength(1);
      const [first] = posted;
      for (const p of posted) {
        expect({ ...p, replayed: false }).toEqual({ ...first, replayed: false });
      }

      const stored = await entriesByKey(db, key);
      expect(stored).toHaveLength(1);
      expect(stored[0]?.id).toBe(first?.entryId);
      expect(await getBalance(db, { accountId: from.id, ownerId: null })).toMatchObject({
        balance: 700n,
        version: 2n,
      });
      expect(await getBalance(db, { accountId: to.id, ownerId: null })).toMatchObject({
        balance: 300n,
        version: 1n,
      });
      expect((await checkLedger(db)).ok).toBe(true);
    },
  );
});
