import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  checkLedger,
  postTransfer,
  type Executor,
  type LedgerAccount,
  type PostedEntry,
} from '../../src/ledger/index.js';
import { createTestDatabase } from '../helpers/database.js';
import {
  fund,
  inRolledBackTransaction,
  ledgerSnapshot,
  openCustomer,
  uniqueKey,
  type LedgerSnapshot,
} from '../helpers/ledger.js';

/**
 * The database itself, not only the ledger service, refuses edits to the books: whoever holds a
 * connection (a migration, a console session, a bug elsewhere) cannot rewrite history.
 */
let database: Database;
let db: Executor;
let a: LedgerAccount;
let b: LedgerAccount;
let eur: LedgerAccount;
/** Opened and never posted to, so only the triggers (no foreign key) stand in the way. */
let unused: LedgerAccount;
let posted: PostedEntry;
let postingIds: bigint[];
let snapshot: LedgerSnapshot;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  a = await openCustomer(db, 'USD');
  b = await openCustomer(db, 'USD');
  eur = await openCustomer(db, 'EUR');
  unused = await openCustomer(db, 'USD');
  await fund(db, a, 1_000n);
  await fund(db, eur, 1_000n);
  posted = await postTransfer(db, {
    idempotencyKey: uniqueKey('ao'),
    kind: 'transfer',
    memo: 'original memo',
    actor: 'system',
    fromAccountId: a.id,
    toAccountId: b.id,
    amount: 400n,
    currency: 'USD',
  });
  postingIds = (
    await db
      .selectFrom('postings')
      .select('id')
      .where('entry_id', '=', posted.entryId)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  snapshot = await ledgerSnapshot(db);
});

afterAll(async () => {
  await database?.close();
});

const APPEND_ONLY = (table: string, op: string) =>
  expect.objectContaining({
    code: '23001',
    message: `ledger table ${table} is append-only: ${op} refused`,
  });

async function entryRow(id: bigint) {
  return db.selectFrom('journal_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

async function postingRows() {
  return db
    .selectFrom('postings')
    .selectAll()
    .where('id', 'in', postingIds)
    .orderBy('id')
    .execute();
}

async function accountRow(id: bigint) {
  return db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('journal entries and postings cannot be changed or removed', () => {
  it('UPDATE of a journal entry is refused', async () => {
    const before = await entryRow(posted.entryId);
    await expect(
      sql`update journal_entries set memo = 'edited' where id = ${posted.entryId}`.execute(db),
    ).rejects.toEqual(APPEND_ONLY('journal_entries', 'UPDATE'));
    await expect(
      sql`update journal_entries set idempotency_key = 'stolen' where id = ${posted.entryId}`.execute(
        db,
      ),
    ).rejects.toEqual(APPEND_ONLY('journal_entries', 'UPDATE'));
    expect(await entryRow(posted.entryId)).toEqual(before);
    expect(before?.memo).toBe('original memo');
  });

  it('DELETE of a journal entry is refused', async () => {
    await expect(sql`delete from journal_entries`.execute(db)).rejects.toEqual(
      APPEND_ONLY('journal_entries', 'DELETE'),
    );
    expect(await entryRow(posted.entryId)).toBeDefined();
  });

  it('UPDATE of a posting is refused (amount, account, running balance)', async () => {
    const before = await postingRows();
    const [first] = postingIds;
    await expect(
      sql`update postings set amount = -1 where id = ${first}`.execute(db),
    ).rejects.toEqual(APPEND_ONLY('postings', 'UPDATE'));
    await expect(
      sql`update postings set account_id = ${unused.id} where id = ${first}`.execute(db),
    ).rejects.toEqual(APPEND_ONLY('postings', 'UPDATE'));
    await expect(
      sql`update postings set balance_after = balance_after + 1`.execute(db),
    ).rejects.toEqual(APPEND_ONLY('postings', 'UPDATE'));
    expect(await postingRows()).toEqual(before);
    expect(before.map((p) => p.amount)).toEqual([-400n, 400n]);
  });

  it('DELETE of a posting is refused', async () => {
    await expect(
      sql`delete from postings where entry_id = ${posted.entryId}`.execute(db),
    ).rejects.toEqual(APPEND_ONLY('postings', 'DELETE'));
    expect(await postingRows()).toHaveLength(2);
  });

  it('TRUNCATE of postings is refused, with or without CASCADE', async () => {
    // Receipts name the posting they print: without CASCADE their foreign key refuses it ...
    await expect(sql`truncate postings`.execute(db)).rejects.toMatchObject({ code: '0A000' });
    // ... and with CASCADE the trigger does.
    await expect(sql`truncate postings cascade`.execute(db)).rejects.toEqual(
      APPEND_ONLY('postings', 'TRUNCATE'),
    );
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
  });

  it('TRUNCATE of journal entries is refused, with or without CASCADE', async () => {
    // Without CASCADE the foreign key from postings already refuses it ...
    await expect(sql`truncate journal_entries`.execute(db)).rejects.toMatchObject({
      code: '0A000',
    });
    // ... and with CASCADE the trigger does.
    await expect(sql`truncate journal_entries cascade`.execute(db)).rejects.toEqual(
      APPEND_ONLY('journal_entries', 'TRUNCATE'),
    );
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
  });
});

describe('accounts are never removed and their identity never changes', () => {
  it('DELETE of an account is refused, even of one never posted to', async () => {
    await expect(
      sql`delete from ledger_accounts where id = ${unused.id}`.execute(db),
    ).rejects.toEqual(APPEND_ONLY('ledger_accounts', 'DELETE'));
    await expect(
      sql`delete from ledger_accounts where id = ${a.id}`.execute(db),
    ).rejects.toMatchObject({
      code: '23001',
    });
    expect(await accountRow(unused.id)).toMatchObject({ account_number: unused.accountNumber });
  });

  it('TRUNCATE of accounts is refused, with or without CASCADE', async () => {
    await expect(sql`truncate ledger_accounts`.execute(db)).rejects.toMatchObject({
      code: '0A000',
    });
    await expect(sql`truncate ledger_accounts cascade`.execute(db)).rejects.toMatchObject({
      code: '23001',
      message: expect.stringMatching(/is append-only: TRUNCATE refused/),
    });
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
  });

  it.each([
    ['account number', sql`account_number = '1000000009'`],
    ['owner', sql`owner_id = owner_id + 1`],
    ['currency', sql`currency = 'EUR'`],
    ['kind', sql`kind = 'customer_fixed_deposit'`],
  ])('changing the %s is refused', async (_name, assignment) => {
    const before = await accountRow(unused.id);
    await expect(
      sql`update ledger_accounts set ${assignment} where id = ${unused.id}`.execute(db),
    ).rejects.toMatchObject({
      code: '23001',
      message: `ledger account ${unused.id} identity is fixed`,
    });
    expect(await accountRow(unused.id)).toEqual(before);
  });

  it("changing a posted account's currency is refused too", async () => {
    await expect(
      sql`update ledger_accounts set currency = 'EUR' where id = ${a.id}`.execute(db),
    ).rejects.toMatchObject({ code: '23001' });
    expect((await accountRow(a.id)).currency).toBe('USD');
  });

  it('a cached balance, total or version cannot be set outside the posting functions', async () => {
    for (const change of [
      sql`update ledger_accounts set balance = balance + 1000 where id = ${b.id}`,
      sql`update ledger_accounts set credit_total = 0 where id = ${b.id}`,
      sql`update ledger_accounts set debit_total = 5 where id = ${b.id}`,
      sql`update ledger_accounts set version = 0 where id = ${b.id}`,
    ]) {
      await expect(change.execute(db)).rejects.toMatchObject({ code: '23001' });
    }
    expect((await accountRow(b.id)).balance).toBe(400n);
  });

  it("even with the posting flag raised, a customer's cached balance cannot go below zero", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('ledger.posting', 'on', true)`.execute(trx);
        await sql`update ledger_accounts set balance = -1 where id = ${b.id}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect((await accountRow(b.id)).balance).toBe(400n);
  });
});

describe('postings written around the ledger service', () => {
  /** Inserts a journal entry row by hand, in the transaction given; returns its id. */
  async function rawEntry(trx: Executor, key: string): Promise<bigint> {
    const row = await trx
      .insertInto('journal_entries')
      .values({ kind: 'raw', memo: '', actor: 'test', idempotency_key: key, fingerprint: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('an unbalanced set of postings is refused by the trigger, and the entry with it', async () => {
    const key = uniqueKey('raw');
    await expect(
      db.transaction().execute(async (trx) => {
        const entryId = await rawEntry(trx, key);
        await trx
          .insertInto('postings')
          .values([
            {
              entry_id: entryId,
              account_id: a.id,
              amount: -100n,
              currency: 'USD',
              balance_after: 500n,
            },
            {
              entry_id: entryId,
              account_id: b.id,
              amount: 99n,
              currency: 'USD',
              balance_after: 499n,
            },
          ])
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23514', message: expect.stringMatching(/does not balance/) });
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
    expect(
      await db
        .selectFrom('journal_entries')
        .select('id')
        .where('idempotency_key', '=', key)
        .execute(),
    ).toEqual([]);
  });

  it('a balanced entry written one posting per statement is refused at the first statement', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        const entryId = await rawEntry(trx, uniqueKey('raw'));
        await trx
          .insertInto('postings')
          .values({
            entry_id: entryId,
            account_id: a.id,
            amount: -1n,
            currency: 'USD',
            balance_after: 599n,
          })
          .execute();
        await trx
          .insertInto('postings')
          .values({
            entry_id: entryId,
            account_id: b.id,
            amount: 1n,
            currency: 'USD',
            balance_after: 401n,
          })
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
  });

  it("a posting in a currency other than its account's is refused by the foreign key", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        const entryId = await rawEntry(trx, uniqueKey('raw'));
        // Balanced in EUR, so only the (account, currency) foreign key can object.
        await trx
          .insertInto('postings')
          .values([
            {
              entry_id: entryId,
              account_id: a.id,
              amount: 100n,
              currency: 'EUR',
              balance_after: 700n,
            },
            {
              entry_id: entryId,
              account_id: eur.id,
              amount: -100n,
              currency: 'EUR',
              balance_after: 900n,
            },
          ])
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
  });

  it('postings added to an entry already written are refused, even balanced ones', async () => {
    const error = await inRolledBackTransaction(db, async (trx) => {
      const posted = await postTransfer(trx, {
        idempotencyKey: uniqueKey('late'),
        kind: 'transfer',
        memo: '',
        actor: 'system',
        fromAccountId: a.id,
        toAccountId: b.id,
        amount: 1n,
        currency: 'USD',
      });
      const late = [a.id, b.id].map((accountId, i) => ({
        entry_id: posted.entryId,
        account_id: accountId,
        amount: i === 0 ? -5n : 5n,
        currency: 'USD',
        balance_after: 0n,
      }));
      return trx
        .insertInto('postings')
        .values(late)
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
    });
    expect(error).toMatchObject({ code: '23514' });
  });

  it('what the schema does allow around the service, checkLedger reports', async () => {
    // A balanced raw entry that skips the balance updates.
    const bypass = await inRolledBackTransaction(db, async (trx) => {
      const entryId = await rawEntry(trx, uniqueKey('raw'));
      await trx
        .insertInto('postings')
        .values([
          {
            entry_id: entryId,
            account_id: a.id,
            amount: -100n,
            currency: 'USD',
            balance_after: 42n,
          },
          {
            entry_id: entryId,
            account_id: b.id,
            amount: 100n,
            currency: 'USD',
            balance_after: 42n,
          },
        ])
        .execute();
      return checkLedger(trx);
    });
    expect(bypass.ok).toBe(false);
    expect(new Set(bypass.violations.map((v) => v.rule))).toEqual(
      new Set(['cached_balance_mismatch', 'running_balance_mismatch']),
    );

    // An entry without postings.
    const empty = await inRolledBackTransaction(db, async (trx) => {
      await rawEntry(trx, uniqueKey('raw'));
      return checkLedger(trx);
    });
    expect(empty.violations.map((v) => v.rule)).toEqual(['entry_too_few_postings']);

    // A cached balance edited by someone who raised the posting functions' flag by hand.
    const edited = await inRolledBackTransaction(db, async (trx) => {
      await sql`select set_config('ledger.posting', 'on', true)`.execute(trx);
      await sql`update ledger_accounts set balance = balance + 1000 where id = ${b.id}`.execute(
        trx,
      );
      return checkLedger(trx);
    });
    expect(edited.violations.map((v) => v.rule).sort()).toEqual([
      'cached_balance_mismatch',
      'trial_balance_not_zero',
    ]);

    // All of it rolled back: the books are as they were and consistent.
    expect(await ledgerSnapshot(db)).toEqual(snapshot);
    expect(await checkLedger(db)).toMatchObject({ ok: true, violations: [] });
  });
});
