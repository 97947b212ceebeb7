import { MAX_MINOR_UNITS } from '@bank/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  checkLedger,
  foldPending,
  getBalance,
  getHistory,
  postEntry,
  postTransfer,
  type EntryInput,
  type Executor,
  type LedgerAccount,
  type PostingInput,
} from '../../src/ledger/index.js';
import { AppError } from '../../src/platform/errors.js';
import { createTestDatabase } from '../helpers/database.js';
import { QueryCounter } from '../helpers/query-counter.js';
import {
  entriesByKey,
  expectAppError,
  fund,
  inRolledBackTransaction,
  internalAccounts,
  ledgerSnapshot,
  openCustomer,
  storedBalance,
  uniqueKey,
} from '../helpers/ledger.js';

let database: Database;
let db: Executor;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

function entry(postings: PostingInput[], overrides: Partial<EntryInput> = {}): EntryInput {
  return {
    idempotencyKey: uniqueKey('post'),
    kind: 'transfer',
    memo: 'test',
    actor: 'system',
    postings,
    ...overrides,
  };
}

function transfer(
  from: LedgerAccount,
  to: LedgerAccount,
  amount: bigint,
  key = uniqueKey('tx'),
  on: Executor = db,
) {
  return postTransfer(on, {
    idempotencyKey: key,
    kind: 'transfer',
    memo: `transfer ${amount}`,
    actor: 'customer:1',
    fromAccountId: from.id,
    toAccountId: to.id,
    amount,
    currency: from.currency,
  });
}

describe('valid entries move money', () => {
  it('a transfer moves the amount, updates balances, credit/debit totals and versions, and writes one entry with two postings', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 10_000n);
    const before = await ledgerSnapshot(db);
    const key = uniqueKey('tx');

    const posted = await transfer(a, b, 2_500n, key);

    expect(posted.replayed).toBe(false);
    expect(posted.idempotencyKey).toBe(key);
    expect(posted.postings).toEqual([
      { accountId: a.id, amount: -2_500n, currency: 'USD', balanceAfter: 7_500n },
      { accountId: b.id, amount: 2_500n, currency: 'USD', balanceAfter: 2_500n },
    ]);
    expect(await getBalance(db, { accountId: a.id, ownerId: null })).toEqual({
      accountId: a.id,
      accountNumber: a.accountNumber,
      currency: 'USD',
      balance: 7_500n,
      totalCredit: 10_000n,
      totalDebit: 2_500n,
      version: 2n,
    });
    expect(await getBalance(db, { accountId: b.id, ownerId: null })).toMatchObject({
      balance: 2_500n,
      totalCredit: 2_500n,
      totalDebit: 0n,
      version: 1n,
    });

    const stored = await entriesByKey(db, key);
    expect(stored).toEqual([
      {
        id: posted.entryId,
        kind: 'transfer',
        memo: 'transfer 2500',
        actor: 'customer:1',
        postings: [
          { accountId: a.id, amount: -2_500n, currency: 'USD', balanceAfter: 7_500n },
          { accountId: b.id, amount: 2_500n, currency: 'USD', balanceAfter: 2_500n },
        ],
      },
    ]);
    const after = await ledgerSnapshot(db);
    expect(after.entries - before.entries).toBe(1);
    expect(after.postings - before.postings).toBe(2);
    expect(after.versions - before.versions).toBe(2n);
  });

  it('a multi-posting entry (payment with a fee) moves every leg', async () => {
    const payer = await openCustomer(db);
    const payee = await openCustomer(db);
    const { fee_income } = await internalAccounts(db, 'USD');
    await fund(db, payer, 1_000n);
    const feeBefore = await storedBalance(db, fee_income.id);

    const posted = await postEntry(
      db,
      entry(
        [
          { accountId: payer.id, amount: -1_000n, currency: 'USD' },
          { accountId: payee.id, amount: 990n, currency: 'USD' },
          { accountId: fee_income.id, amount: 10n, currency: 'USD' },
        ],
        { kind: 'payment' },
      ),
    );

    // A house account posts without a running balance (decision 29); its balance still moves.
    expect(posted.postings.map((p) => p.balanceAfter)).toEqual([0n, 990n, null]);
    expect(await storedBalance(db, payer.id)).toBe(0n);
    expect(await storedBalance(db, payee.id)).toBe(990n);
    expect(await storedBalance(db, fee_income.id)).toBe(feeBefore + 10n);
  });

  it('an entry in two currencies is accepted when each currency balances on its own', async () => {
    const usd = await openCustomer(db, 'USD');
    const eur = await openCustomer(db, 'EUR');
    const suspenseUsd = (await internalAccounts(db, 'USD')).suspense;
    const suspenseEur = (await internalAccounts(db, 'EUR')).suspense;
    await fund(db, usd, 1_000n);

    await postEntry(
      db,
      entry(
        [
          { accountId: usd.id, amount: -1_000n, currency: 'USD' },
          { accountId: suspenseUsd.id, amount: 1_000n, currency: 'USD' },
          { accountId: suspenseEur.id, amount: -920n, currency: 'EUR' },
          { accountId: eur.id, amount: 920n, currency: 'EUR' },
        ],
        { kind: 'fx_exchange' },
      ),
    );

    expect(await storedBalance(db, usd.id)).toBe(0n);
    expect(await storedBalance(db, eur.id)).toBe(920n);
  });

  it('an account posted twice in one entry gets a running balance per posting and one version step', async () => {
    const a = await openCustomer(db);
    const { suspense } = await internalAccounts(db, 'USD');
    await fund(db, a, 1_000n);

    const posted = await postEntry(
      db,
      entry([
        { accountId: a.id, amount: 500n, currency: 'USD' },
        { accountId: a.id, amount: -1_200n, currency: 'USD' },
        { accountId: suspense.id, amount: 700n, currency: 'USD' },
      ]),
    );

    expect(posted.postings.slice(0, 2).map((p) => p.balanceAfter)).toEqual([1_500n, 300n]);
    expect(await getBalance(db, { accountId: a.id, ownerId: null })).toMatchObject({
      balance: 300n,
      totalCredit: 1_500n,
      totalDebit: 1_200n,
      version: 2n,
    });
  });

  it('internal accounts may go negative', async () => {
    const a = await openCustomer(db, 'GBP');
    const { crypto_deposit_clearing: clearing } = await internalAccounts(db, 'GBP');
    const before = await storedBalance(db, clearing.id);

    await fund(db, a, 5_000n);

    expect(await storedBalance(db, clearing.id)).toBe(before - 5_000n);
    expect(await storedBalance(db, clearing.id)).toBeLessThan(0n);
    expect(await storedBalance(db, a.id)).toBe(5_000n);
  });

  it('a customer account can be emptied to exactly zero but not one unit below', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 300n);

    const error = await expectAppError(transfer(a, b, 301n), 'LEDGER_INSUFFICIENT_FUNDS');
    expect(error.details).toEqual({ accountId: Number(a.id) });
    expect(await storedBalance(db, a.id)).toBe(300n);

    await transfer(a, b, 300n);
    expect(await storedBalance(db, a.id)).toBe(0n);
    expect(await storedBalance(db, b.id)).toBe(300n);
  });

  it('a customer account may not dip below zero at any posting, even if the entry nets to zero for it', async () => {
    const a = await openCustomer(db);
    await fund(db, a, 100n);
    const before = await ledgerSnapshot(db);

    await expectAppError(
      postEntry(
        db,
        entry([
          { accountId: a.id, amount: -150n, currency: 'USD' },
          { accountId: a.id, amount: 150n, currency: 'USD' },
        ]),
      ),
      'LEDGER_INSUFFICIENT_FUNDS',
    );
    expect(await ledgerSnapshot(db)).toEqual(before);

    // Credit first, then debit: never below zero, so accepted.
    const posted = await postEntry(
      db,
      entry([
        { accountId: a.id, amount: 150n, currency: 'USD' },
        { accountId: a.id, amount: -150n, currency: 'USD' },
      ]),
    );
    expect(posted.postings.map((p) => p.balanceAfter)).toEqual([250n, 100n]);
    expect(await storedBalance(db, a.id)).toBe(100n);
  });
});

describe('history', () => {
  it('lists postings newest first, each with the running balance right after it', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 1_000n);
    await transfer(a, b, 250n);
    await transfer(b, a, 100n);
    await fund(db, a, 40n);
    await transfer(a, b, 890n);

    const { items, nextCursor } = await getHistory(db, { accountId: a.id, ownerId: null });

    expect(nextCursor).toBeNull();
    expect(items.map((i) => [i.kind, i.amount, i.balanceAfter])).toEqual([
      ['transfer', -890n, 0n],
      ['crypto_deposit', 40n, 890n],
      ['transfer', 100n, 850n],
      ['transfer', -250n, 750n],
      ['crypto_deposit', 1_000n, 1_000n],
    ]);
    // Oldest to newest, each balance is the previous one plus the amount.
    const chronological = [...items].reverse();
    let running = 0n;
    for (const item of chronological) {
      running += item.amount;
      expect(item.balanceAfter).toBe(running);
      expect(item.currency).toBe('USD');
    }
    expect((await getBalance(db, { accountId: a.id, ownerId: null })).balance).toBe(
      items[0]?.balanceAfter,
    );
    const ids = items.map((i) => i.postingId);
    expect(ids).toEqual([...ids].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pages with a cursor: newest first, no gaps or repeats, null cursor on the last page', async () => {
    const a = await openCustomer(db);
    for (let i = 1n; i <= 7n; i++) await fund(db, a, i);
    const all = (await getHistory(db, { accountId: a.id, ownerId: null }, { limit: 200 })).items;
    expect(all.map((i) => i.amount)).toEqual([7n, 6n, 5n, 4n, 3n, 2n, 1n]);

    const page1 = await getHistory(db, { accountId: a.id, ownerId: null }, { limit: 3 });
    expect(page1.items.map((i) => i.amount)).toEqual([7n, 6n, 5n]);
    expect(page1.nextCursor).toEqual(expect.any(String));

    const page2 = await getHistory(
      db,
      { accountId: a.id, ownerId: null },
      { limit: 3, cursor: page1.nextCursor ?? undefined },
    );
    expect(page2.items.map((i) => i.amount)).toEqual([4n, 3n, 2n]);
    expect(page2.nextCursor).toEqual(expect.any(String));

    const page3 = await getHistory(
      db,
      { accountId: a.id, ownerId: null },
      { limit: 3, cursor: page2.nextCursor ?? undefined },
    );
    expect(page3.items.map((i) => i.amount)).toEqual([1n]);
    expect(page3.nextCursor).toBeNull();

    expect([...page1.items, ...page2.items, ...page3.items]).toEqual(all);
  });

  it('gives a null cursor when the last page is exactly full', async () => {
    const a = await openCustomer(db);
    for (let i = 1n; i <= 4n; i++) await fund(db, a, i);
    const page1 = await getHistory(db, { accountId: a.id, ownerId: null }, { limit: 2 });
    const page2 = await getHistory(
      db,
      { accountId: a.id, ownerId: null },
      { limit: 2, cursor: page1.nextCursor ?? undefined },
    );
    expect(page2.items.map((i) => i.amount)).toEqual([2n, 1n]);
    expect(page2.nextCursor).toBeNull();
    expect(await getHistory(db, { accountId: a.id, ownerId: null }, { limit: 4 })).toMatchObject({
      nextCursor: null,
    });
  });

  it('an account without postings has an empty history', async () => {
    const a = await openCustomer(db);
    expect(await getHistory(db, { accountId: a.id, ownerId: null })).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it.each([
    ['not base64 at all', '!!!'],
    ['wrong prefix', Buffer.from('x12').toString('base64url')],
    ['zero', Buffer.from('p0').toString('base64url')],
    ['negative', Buffer.from('p-1').toString('base64url')],
    ['not a number', Buffer.from('p12a').toString('base64url')],
    ['leading zero', Buffer.from('p012').toString('base64url')],
    ['too many digits', Buffer.from('p12345678901234567890').toString('base64url')],
  ])('refuses a bad cursor (%s) with BAD_REQUEST', async (_name, cursor) => {
    const a = await openCustomer(db);
    await fund(db, a, 1n);
    await expectAppError(
      getHistory(db, { accountId: a.id, ownerId: null }, { cursor }),
      'BAD_REQUEST',
    );
  });

  // BUG (src/ledger/reads.ts:63, CURSOR = /^[1-9]\d{0,18}$/): a 19-digit cursor above
  // 2^63-1 passes the check and reaches PostgreSQL, which fails with SQLSTATE 22003
  // ("value ... is out of range for type bigint") instead of BAD_REQUEST. Flip to `it` once fixed.
  it('refuses a cursor beyond the bigint range with BAD_REQUEST', async () => {
    const a = await openCustomer(db);
    await fund(db, a, 1n);
    const cursor = Buffer.from('p9999999999999999999').toString('base64url');
    await expectAppError(
      getHistory(db, { accountId: a.id, ownerId: null }, { cursor }),
      'BAD_REQUEST',
    );
  });

  it.each([0, 201, 2.5, -1])('refuses a page size of %s with BAD_REQUEST', async (limit) => {
    const a = await openCustomer(db);
    await expectAppError(
      getHistory(db, { accountId: a.id, ownerId: null }, { limit }),
      'BAD_REQUEST',
    );
  });
});

describe('customer scope', () => {
  it('reads an account only for its owner; another owner is told the account does not exist', async () => {
    const ownerId = 424_242n;
    const a = await openCustomer(db, 'USD', { ownerId });
    await fund(db, a, 77n);

    expect((await getBalance(db, { accountId: a.id, ownerId })).balance).toBe(77n);
    expect((await getHistory(db, { accountId: a.id, ownerId })).items).toHaveLength(1);

    const wrong = await expectAppError(
      getBalance(db, { accountId: a.id, ownerId: ownerId + 1n }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
    expect(wrong.status).toBe(404);
    await expectAppError(
      getHistory(db, { accountId: a.id, ownerId: ownerId + 1n }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
  });

  it("the bank's internal accounts are not readable in a customer's scope", async () => {
    const { suspense } = await internalAccounts(db, 'USD');
    await expectAppError(
      getBalance(db, { accountId: suspense.id, ownerId: 1n }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
    await expectAppError(
      getHistory(db, { accountId: suspense.id, ownerId: 1n }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
  });

  it('an account id that does not exist is LEDGER_UNKNOWN_ACCOUNT', async () => {
    await expectAppError(
      getBalance(db, { accountId: 987_654_321n, ownerId: null }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
    await expectAppError(
      getHistory(db, { accountId: 987_654_321n, ownerId: null }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
  });
});

describe('refused entries are typed errors and write nothing', () => {
  let usdA: LedgerAccount;
  let usdB: LedgerAccount;
  let eur: LedgerAccount;

  beforeAll(async () => {
    usdA = await openCustomer(db, 'USD');
    usdB = await openCustomer(db, 'USD');
    eur = await openCustomer(db, 'EUR');
    await fund(db, usdA, 1_000n);
    await fund(db, usdB, 1_000n);
    await fund(db, eur, 1_000n);
  });

  /** Posts, expects the code, and checks that no row and no balance changed. */
  async function expectRefused(
    post: (key: string) => Promise<unknown>,
    code: Parameters<typeof expectAppError>[1],
  ) {
    const key = uniqueKey('refused');
    const before = await ledgerSnapshot(db);
    const balances = await Promise.all(
      [usdA, usdB, eur].map((a) => getBalance(db, { accountId: a.id, ownerId: null })),
    );
    const error = await expectAppError(post(key), code);
    expect(await ledgerSnapshot(db)).toEqual(before);
    expect(
      await Promise.all(
        [usdA, usdB, eur].map((a) => getBalance(db, { accountId: a.id, ownerId: null })),
      ),
    ).toEqual(balances);
    expect(await entriesByKey(db, key)).toEqual([]);
    return error;
  }

  /** expectRefused for one entry made of these postings. */
  const refusePostings = (postings: PostingInput[], code: Parameters<typeof expectAppError>[1]) =>
    expectRefused((key) => postEntry(db, entry(postings, { idempotencyKey: key })), code);

  it('zero amount in an entry: LEDGER_INVALID_AMOUNT', async () => {
    await refusePostings(
      [
        { accountId: usdA.id, amount: 0n, currency: 'USD' },
        { accountId: usdB.id, amount: 0n, currency: 'USD' },
      ],
      'LEDGER_INVALID_AMOUNT',
    );
  });

  it('zero and negative amounts in a transfer: LEDGER_INVALID_AMOUNT', async () => {
    await expectRefused((key) => transfer(usdA, usdB, 0n, key), 'LEDGER_INVALID_AMOUNT');
    await expectRefused((key) => transfer(usdA, usdB, -100n, key), 'LEDGER_INVALID_AMOUNT');
  });

  it('an amount that is not a bigint: LEDGER_INVALID_AMOUNT', async () => {
    await refusePostings(
      [
        { accountId: usdA.id, amount: -1.5 as unknown as bigint, currency: 'USD' },
        { accountId: usdB.id, amount: 1.5 as unknown as bigint, currency: 'USD' },
      ],
      'LEDGER_INVALID_AMOUNT',
    );
  });

  it('an unknown account: LEDGER_UNKNOWN_ACCOUNT naming it', async () => {
    const error = await expectRefused(
      (key) =>
        postTransfer(db, {
          idempotencyKey: key,
          kind: 'transfer',
          memo: '',
          actor: 'system',
          fromAccountId: usdA.id,
          toAccountId: 987_654_321n,
          amount: 10n,
          currency: 'USD',
        }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
    expect(error.details).toEqual({ accountIds: [987_654_321] });
  });

  // BUG (src/ledger/post.ts:103-106 with validateEntry at :68): an account id above 2^63-1 is not
  // checked before the database, and the resulting SQLSTATE 22003 is reported as
  // LEDGER_AMOUNT_OUT_OF_RANGE ("The resulting balance is beyond what can be held"), although no
  // balance is involved. It is an unknown account. Flip to `it` once fixed.
  it('an account id beyond bigint is an unknown account', async () => {
    await expectRefused(
      (key) =>
        postTransfer(db, {
          idempotencyKey: key,
          kind: 'transfer',
          memo: '',
          actor: 'system',
          fromAccountId: usdA.id,
          toAccountId: 2n ** 63n,
          amount: 10n,
          currency: 'USD',
        }),
      'LEDGER_UNKNOWN_ACCOUNT',
    );
  });

  it('mixed currencies that do not balance each on its own: LEDGER_MIXED_CURRENCY', async () => {
    const error = await refusePostings(
      [
        { accountId: usdA.id, amount: 100n, currency: 'USD' },
        { accountId: eur.id, amount: -100n, currency: 'EUR' },
      ],
      'LEDGER_MIXED_CURRENCY',
    );
    expect(error.details).toEqual({ currencies: ['USD', 'EUR'] });
  });

  it('one currency balanced and the other not: LEDGER_MIXED_CURRENCY', async () => {
    await refusePostings(
      [
        { accountId: usdA.id, amount: -100n, currency: 'USD' },
        { accountId: usdB.id, amount: 100n, currency: 'USD' },
        { accountId: eur.id, amount: -5n, currency: 'EUR' },
      ],
      'LEDGER_MIXED_CURRENCY',
    );
  });

  it('postings that do not sum to zero: LEDGER_UNBALANCED', async () => {
    await refusePostings(
      [
        { accountId: usdA.id, amount: -100n, currency: 'USD' },
        { accountId: usdB.id, amount: 99n, currency: 'USD' },
      ],
      'LEDGER_UNBALANCED',
    );
  });

  it("a posting in a currency other than its account's: LEDGER_CURRENCY_MISMATCH", async () => {
    const error = await expectRefused(
      (key) =>
        postTransfer(db, {
          idempotencyKey: key,
          kind: 'transfer',
          memo: '',
          actor: 'system',
          fromAccountId: usdA.id,
          toAccountId: usdB.id,
          amount: 10n,
          currency: 'EUR',
        }),
      'LEDGER_CURRENCY_MISMATCH',
    );
    expect(error.details).toEqual({ accountId: Number(usdA.id) });
    // Only one leg mismatching (the EUR account paid in USD), balanced per currency.
    await refusePostings(
      [
        { accountId: usdA.id, amount: -10n, currency: 'USD' },
        { accountId: eur.id, amount: 10n, currency: 'USD' },
      ],
      'LEDGER_CURRENCY_MISMATCH',
    );
  });

  it('a single amount beyond 2^63-1: LEDGER_AMOUNT_OUT_OF_RANGE', async () => {
    const tooBig = MAX_MINOR_UNITS + 1n;
    await refusePostings(
      [
        { accountId: usdA.id, amount: -tooBig, currency: 'USD' },
        { accountId: usdB.id, amount: tooBig, currency: 'USD' },
      ],
      'LEDGER_AMOUNT_OUT_OF_RANGE',
    );
    await expectRefused((key) => transfer(usdA, usdB, tooBig, key), 'LEDGER_AMOUNT_OUT_OF_RANGE');
  });

  it('insufficient funds on a customer account: LEDGER_INSUFFICIENT_FUNDS', async () => {
    const error = await expectRefused(
      (key) => transfer(usdA, usdB, 1_001n, key),
      'LEDGER_INSUFFICIENT_FUNDS',
    );
    expect(error.details).toEqual({ accountId: Number(usdA.id) });
  });

  it('fewer than two postings: LEDGER_INVALID_ENTRY', async () => {
    await refusePostings(
      [{ accountId: usdA.id, amount: 100n, currency: 'USD' }],
      'LEDGER_INVALID_ENTRY',
    );
    await refusePostings([], 'LEDGER_INVALID_ENTRY');
  });

  it('malformed fields: LEDGER_INVALID_ENTRY', async () => {
    const legs: PostingInput[] = [
      { accountId: usdA.id, amount: -1n, currency: 'USD' },
      { accountId: usdB.id, amount: 1n, currency: 'USD' },
    ];
    const cases: ((key: string) => EntryInput)[] = [
      () => entry(legs, { idempotencyKey: '' }),
      () => entry(legs, { idempotencyKey: 'has space' }),
      () => entry(legs, { idempotencyKey: 'k'.repeat(201) }),
      (key) => entry(legs, { idempotencyKey: key, kind: 'Transfer' }),
      (key) => entry(legs, { idempotencyKey: key, memo: 'm'.repeat(501) }),
      (key) => entry(legs, { idempotencyKey: key, actor: '' }),
      (key) =>
        entry(
          [
            { accountId: usdA.id, amount: -1n, currency: 'usd' },
            { accountId: usdB.id, amount: 1n, currency: 'usd' },
          ],
          { idempotencyKey: key },
        ),
      (key) =>
        entry(
          [
            { accountId: 0n, amount: -1n, currency: 'USD' },
            { accountId: usdB.id, amount: 1n, currency: 'USD' },
          ],
          { idempotencyKey: key },
        ),
      // 101 postings: over the limit of 100 (refused before any other check)
      (key) =>
        entry(
          Array.from({ length: 101 }, (_, i) => ({
            accountId: i % 2 === 0 ? usdA.id : usdB.id,
            amount: i % 2 === 0 ? 1n : -1n,
            currency: 'USD',
          })),
          { idempotencyKey: key },
        ),
    ];
    for (const make of cases) {
      await expectRefused((key) => postEntry(db, make(key)), 'LEDGER_INVALID_ENTRY');
    }
  });

  it('a refused entry does not claim its idempotency key', async () => {
    const a = await openCustomer(db);
    const key = uniqueKey('retry');
    await expectAppError(transfer(a, usdB, 50n, key), 'LEDGER_INSUFFICIENT_FUNDS');
    expect(await entriesByKey(db, key)).toEqual([]);

    await fund(db, a, 50n);
    const posted = await transfer(a, usdB, 50n, key);
    expect(posted.replayed).toBe(false);
    expect(await entriesByKey(db, key)).toHaveLength(1);
    expect(await storedBalance(db, a.id)).toBe(0n);
  });
});

describe('balances beyond the bigint range', () => {
  // A currency of its own (XTS is the ISO code reserved for testing) keeps these extreme
  // balances away from the other tests.
  it('a balance that would overflow: LEDGER_AMOUNT_OUT_OF_RANGE, nothing written', async () => {
    const rich = await openCustomer(db, 'XTS');
    const { crypto_deposit_clearing: clearing } = await internalAccounts(db, 'XTS');
    await fund(db, rich, MAX_MINOR_UNITS);
    expect(await storedBalance(db, rich.id)).toBe(MAX_MINOR_UNITS);

    const before = await ledgerSnapshot(db);
    const key = uniqueKey('overflow');
    await expectAppError(fund(db, rich, 1n, key), 'LEDGER_AMOUNT_OUT_OF_RANGE');
    expect(await ledgerSnapshot(db)).toEqual(before);
    expect(await entriesByKey(db, key)).toEqual([]);
    expect(await storedBalance(db, rich.id)).toBe(MAX_MINOR_UNITS);
    expect(await storedBalance(db, clearing.id)).toBe(-MAX_MINOR_UNITS);
  });

  it('a credit or debit total that would overflow: LEDGER_AMOUNT_OUT_OF_RANGE, nothing written', async () => {
    const { suspense, fee_income: fee } = await internalAccounts(db, 'XTS');
    const leg = (account: LedgerAccount, amount: bigint): PostingInput => ({
      accountId: account.id,
      amount,
      currency: 'XTS',
    });
    await postEntry(db, entry([leg(suspense, MAX_MINOR_UNITS), leg(fee, -MAX_MINOR_UNITS)]));
    await postEntry(db, entry([leg(suspense, -MAX_MINOR_UNITS), leg(fee, MAX_MINOR_UNITS)]));
    expect(await getBalance(db, { accountId: suspense.id, ownerId: null })).toMatchObject({
      balance: 0n,
      totalCredit: MAX_MINOR_UNITS,
      totalDebit: MAX_MINOR_UNITS,
    });

    const before = await ledgerSnapshot(db);
    await expectAppError(
      postEntry(db, entry([leg(suspense, 1n), leg(fee, -1n)])),
      'LEDGER_AMOUNT_OUT_OF_RANGE',
    );
    expect(await ledgerSnapshot(db)).toEqual(before);
    expect(await getBalance(db, { accountId: suspense.id, ownerId: null })).toMatchObject({
      balance: 0n,
      totalCredit: MAX_MINOR_UNITS,
      totalDebit: MAX_MINOR_UNITS,
    });
    // Folded into the cached figures, the same, within range.
    await foldPending(db);
    expect(await getBalance(db, { accountId: suspense.id, ownerId: null })).toMatchObject({
      balance: 0n,
      totalCredit: MAX_MINOR_UNITS,
      totalDebit: MAX_MINOR_UNITS,
    });
    await expectAppError(
      postEntry(db, entry([leg(suspense, 1n), leg(fee, -1n)])),
      'LEDGER_AMOUNT_OUT_OF_RANGE',
    );
  });
});

describe('idempotency', () => {
  it('the same key again returns the same entry, replayed, and writes nothing', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 500n);
    const key = uniqueKey('idem');
    const first = await transfer(a, b, 200n, key);
    // Later movements must not change what the replay reports.
    await transfer(a, b, 100n);

    const before = await ledgerSnapshot(db);
    const again = await transfer(a, b, 200n, key);

    expect(again.replayed).toBe(true);
    expect(again.entryId).toBe(first.entryId);
    expect(again.createdAt).toEqual(first.createdAt);
    expect(again.postings).toEqual(first.postings);
    expect({ ...again, replayed: false }).toEqual(first);
    expect(await ledgerSnapshot(db)).toEqual(before);
    expect(await storedBalance(db, a.id)).toBe(200n);
    expect(await storedBalance(db, b.id)).toBe(300n);
    expect(await entriesByKey(db, key)).toHaveLength(1);
  });

  it('a replay succeeds even when the same entry could no longer be posted (no double spend, no error)', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 100n);
    const key = uniqueKey('idem');
    const first = await transfer(a, b, 100n, key);
    expect(await storedBalance(db, a.id)).toBe(0n);

    const again = await transfer(a, b, 100n, key);
    expect(again).toMatchObject({ entryId: first.entryId, replayed: true });
    expect(await storedBalance(db, a.id)).toBe(0n);
    expect(await storedBalance(db, b.id)).toBe(100n);
  });

  it('the memo is not part of the fingerprint: a retry with another memo replays the original', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 100n);
    const key = uniqueKey('idem');
    const legs = [
      { accountId: a.id, amount: -10n, currency: 'USD' },
      { accountId: b.id, amount: 10n, currency: 'USD' },
    ];
    const first = await postEntry(db, entry(legs, { idempotencyKey: key, memo: 'first' }));
    const again = await postEntry(db, entry(legs, { idempotencyKey: key, memo: 'second' }));
    expect(again).toMatchObject({
      entryId: first.entryId,
      replayed: true,
      memo: 'first',
      actor: 'system',
    });
    expect(await storedBalance(db, a.id)).toBe(90n);
  });

  it('a key replays only for the actor who posted it: anyone else gets a conflict, not the entry', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 100n);
    const key = uniqueKey('idem');
    const legs = [
      { accountId: a.id, amount: -10n, currency: 'USD' },
      { accountId: b.id, amount: 10n, currency: 'USD' },
    ];
    await postEntry(db, entry(legs, { idempotencyKey: key, actor: 'customer:1' }));
    await expectAppError(
      postEntry(db, entry(legs, { idempotencyKey: key, actor: 'customer:2' })),
      'LEDGER_IDEMPOTENCY_CONFLICT',
    );
    expect(await storedBalance(db, a.id)).toBe(90n);
  });

  it('the same key with a different entry is LEDGER_IDEMPOTENCY_CONFLICT and writes nothing', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    const c = await openCustomer(db);
    await fund(db, a, 1_000n);
    const key = uniqueKey('idem');
    const first = await transfer(a, b, 100n, key);
    const before = await ledgerSnapshot(db);

    const variants: EntryInput[] = [
      // another amount
      entry(
        [
          { accountId: a.id, amount: -101n, currency: 'USD' },
          { accountId: b.id, amount: 101n, currency: 'USD' },
        ],
        { idempotencyKey: key },
      ),
      // another payee
      entry(
        [
          { accountId: a.id, amount: -100n, currency: 'USD' },
          { accountId: c.id, amount: 100n, currency: 'USD' },
        ],
        { idempotencyKey: key },
      ),
      // another kind
      entry(
        [
          { accountId: a.id, amount: -100n, currency: 'USD' },
          { accountId: b.id, amount: 100n, currency: 'USD' },
        ],
        { idempotencyKey: key, kind: 'refund' },
      ),
      // the same legs in another order
      entry(
        [
          { accountId: b.id, amount: 100n, currency: 'USD' },
          { accountId: a.id, amount: -100n, currency: 'USD' },
        ],
        { idempotencyKey: key },
      ),
    ];
    for (const variant of variants) {
      const error = await expectAppError(postEntry(db, variant), 'LEDGER_IDEMPOTENCY_CONFLICT');
      expect(error.status).toBe(409);
    }

    expect(await ledgerSnapshot(db)).toEqual(before);
    const stored = await entriesByKey(db, key);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(first.entryId);
    expect(stored[0]?.postings.map((p) => [p.accountId, p.amount])).toEqual([
      [a.id, -100n],
      [b.id, 100n],
    ]);
    expect(await storedBalance(db, a.id)).toBe(900n);
    expect(await storedBalance(db, c.id)).toBe(0n);
  });
});

describe('entries posted together (group commit) and inside a caller transaction', () => {
  it('entries posted at the same moment each get their own answer; the refused ones write nothing', async () => {
    const counter = new QueryCounter('ledger_post_entries(');
    const observed = db.withPlugin(counter);
    const payers = [];
    for (let i = 0; i < 6; i++) {
      const payer = await openCustomer(db);
      await fund(db, payer, 1_000n);
      payers.push(payer);
    }
    const payee = await openCustomer(db);
    const poor = await openCustomer(db);
    const eurAccount = await openCustomer(db, 'EUR');
    const rich = await openCustomer(db, 'XAU');
    await fund(db, rich, MAX_MINOR_UNITS);
    const { outgoing_transfer_clearing: outgoing } = await internalAccounts(db, 'USD');
    const xau = await internalAccounts(db, 'XAU');
    const before = await ledgerSnapshot(db);

    const duplicateKey = uniqueKey('dup');
    const attempts: {
      input: EntryInput;
      expect: 'posted' | Parameters<typeof expectAppError>[1];
    }[] = [
      ...payers.map((payer, i) => ({
        input: entry([
          { accountId: payer.id, amount: -BigInt(100 * (i + 1)), currency: 'USD' },
          { accountId: payee.id, amount: BigInt(100 * (i + 1)), currency: 'USD' },
        ]),
        expect: 'posted' as const,
      })),
      {
        input: entry([
          { accountId: poor.id, amount: -1n, currency: 'USD' },
          { accountId: outgoing.id, amount: 1n, currency: 'USD' },
        ]),
        expect: 'LEDGER_INSUFFICIENT_FUNDS',
      },
      {
        input: entry([
          { accountId: outgoing.id, amount: -5n, currency: 'USD' },
          { accountId: 987_654_321n, amount: 5n, currency: 'USD' },
        ]),
        expect: 'LEDGER_UNKNOWN_ACCOUNT',
      },
      {
        input: entry([
          { accountId: outgoing.id, amount: -5n, currency: 'EUR' },
          { accountId: eurAccount.id, amount: 5n, currency: 'EUR' },
        ]),
        expect: 'LEDGER_CURRENCY_MISMATCH',
      },
      {
        input: entry([
          { accountId: xau.crypto_deposit_clearing.id, amount: -1n, currency: 'XAU' },
          { accountId: rich.id, amount: 1n, currency: 'XAU' },
        ]),
        expect: 'LEDGER_AMOUNT_OUT_OF_RANGE',
      },
    ];
    // The same entry twice: posted once, both calls answered with it.
    const twice = entry(
      [
        { accountId: outgoing.id, amount: -7n, currency: 'USD' },
        { accountId: payee.id, amount: 7n, currency: 'USD' },
      ],
      { idempotencyKey: duplicateKey },
    );
    attempts.push({ input: twice, expect: 'posted' }, { input: twice, expect: 'posted' });

    const results = await Promise.allSettled(attempts.map((a) => postEntry(observed, a.input)));

    for (const [i, attempt] of attempts.entries()) {
      const result = results[i];
      if (attempt.expect === 'posted') {
        expect(result?.status, `attempt ${i}`).toBe('fulfilled');
        if (result?.status === 'fulfilled') {
          expect(result.value.postings.map((p) => [p.accountId, p.amount])).toEqual(
            attempt.input.postings.map((p) => [p.accountId, p.amount]),
          );
        }
      } else {
        expect(result?.status, `attempt ${i}`).toBe('rejected');
        if (result?.status === 'rejected') {
          expect(result.reason).toBeInstanceOf(AppError);
          expect(result.reason, `attempt ${i}`).toMatchObject({ code: attempt.expect });
        }
      }
    }
    const [first, second] = results
      .slice(-2)
      .map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    expect(first?.entryId).toBe(second?.entryId);
    expect([first?.replayed, second?.replayed].sort()).toEqual([false, true]);
    expect(await entriesByKey(db, duplicateKey)).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.expect !== 'posted')
        expect(await entriesByKey(db, attempt.input.idempotencyKey)).toEqual([]);
    }

    const after = await ledgerSnapshot(db);
    expect(after.entries - before.entries).toBe(payers.length + 1);
    expect(after.postings - before.postings).toBe(2 * (payers.length + 1));
    for (const [i, payer] of payers.entries()) {
      expect(await storedBalance(db, payer.id)).toBe(1_000n - BigInt(100 * (i + 1)));
    }
    expect(await storedBalance(db, payee.id)).toBe(2_100n + 7n);
    expect(await storedBalance(db, poor.id)).toBe(0n);
    expect(await storedBalance(db, rich.id)).toBe(MAX_MINOR_UNITS);
    // Some of them went to the database together.
    expect(counter.count('ledger_post_entries(')).toBeGreaterThan(0);
  });

  it('inside a caller transaction the entry commits or rolls back with it', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    await fund(db, a, 500n);
    const before = await ledgerSnapshot(db);
    const key = uniqueKey('trx');

    const inside = await inRolledBackTransaction(db, async (trx) => {
      const posted = await transfer(a, b, 200n, key, trx);
      expect(await storedBalance(trx, a.id)).toBe(300n);
      return posted;
    });
    expect(inside.replayed).toBe(false);
    expect(await ledgerSnapshot(db)).toEqual(before);
    expect(await storedBalance(db, a.id)).toBe(500n);
    expect(await entriesByKey(db, key)).toEqual([]);

    // The key was never claimed: the same entry commits now.
    const committed = await db.transaction().execute((trx) => transfer(a, b, 200n, key, trx));
    expect(committed.replayed).toBe(false);
    expect(await entriesByKey(db, key)).toHaveLength(1);
    expect(await storedBalance(db, a.id)).toBe(300n);
    expect(await storedBalance(db, b.id)).toBe(200n);
  });

  it('a refusal inside a caller transaction is the same typed error', async () => {
    const a = await openCustomer(db);
    const b = await openCustomer(db);
    const before = await ledgerSnapshot(db);
    await expectAppError(
      db.transaction().execute((trx) => transfer(a, b, 1n, uniqueKey('trx'), trx)),
      'LEDGER_INSUFFICIENT_FUNDS',
    );
    expect(await ledgerSnapshot(db)).toEqual(before);
  });
});

describe('the whole ledger after all of the above', () => {
  it('checkLedger finds no violation and every currency sums to zero', async () => {
    const report = await checkLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    for (const total of report.totals) expect(total.balance).toBe(0n);
    expect(report.counts.entries).toBeGreaterThan(20);
  });
});
