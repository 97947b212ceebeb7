import { MAX_MINOR_UNITS } from '@bank/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  checkLedger,
  getBalance,
  INTERNAL_ACCOUNT_KINDS,
  openCustomerAccount,
  postEntry,
  postTransfer,
  type CustomerAccountKind,
  type EntryInput,
  type Executor,
  type InternalAccountKind,
  type PostedEntry,
  type PostingInput,
} from '../../src/ledger/index.js';
import type { ErrorCode } from '../../src/platform/errors.js';
import { createTestDatabase } from '../helpers/database.js';
import {
  entriesByKey,
  expectAppError,
  internalAccounts,
  ledgerSnapshot,
  nextOwnerId,
  uniqueKey,
} from '../helpers/ledger.js';
import { QueryCounter } from '../helpers/query-counter.js';

/**
 * Model-based test: random sequences of ledger commands run against the real database and
 * against a plain in-memory model of the books. Every command's outcome (posted, or refused with
 * a given code and nothing written) must be the model's; after each sequence every account's
 * balance, totals and version equal the model's and checkLedger finds nothing wrong.
 */

const CURRENCIES = ['USD', 'EUR'] as const;
type Currency = (typeof CURRENCIES)[number];

interface ModelAccount {
  id: bigint;
  currency: Currency;
  customer: boolean;
  balance: bigint;
  credit: bigint;
  debit: bigint;
  /**
   * Exact after entries posted one at a time (+1 per entry). A group commit raises it once per
   * batch, so after concurrent entries only a range is known.
   */
  versionMin: bigint;
  versionMax: bigint;
}

interface Model {
  accounts: Map<bigint, ModelAccount>;
  customers: ModelAccount[];
  internal: Record<Currency, Record<InternalAccountKind, ModelAccount>>;
  posted: { input: EntryInput; result: PostedEntry }[];
}

interface Real {
  db: Executor;
}

type Command = fc.AsyncCommand<Model, Real>;

let database: Database;
let db: Executor;

/** What the runs exercised, so that a vacuous run (everything skipped) cannot pass. */
const seen = { posted: 0, insufficient: 0, invalid: 0, replayed: 0, conflicts: 0, groups: 0 };

/** Proves the groups went through group commit (ledger_post_entries), not only one by one. */
const counter = new QueryCounter('ledger_post_entries(', 'ledger_post_entry(');
let observed: Executor;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  observed = db.withPlugin(counter);
  for (const currency of CURRENCIES) await internalAccounts(db, currency);
});

afterAll(async () => {
  await database?.close();
});

/** The internal accounts carry over from run to run: the model starts from their balances. */
async function setup(): Promise<{ model: Model; real: Real }> {
  const accounts = new Map<bigint, ModelAccount>();
  const internal = {} as Model['internal'];
  for (const currency of CURRENCIES) {
    const byKind = await internalAccounts(db, currency);
    internal[currency] = {} as Record<InternalAccountKind, ModelAccount>;
    for (const kind of INTERNAL_ACCOUNT_KINDS) {
      const b = await getBalance(db, { accountId: byKind[kind].id, ownerId: null });
      const account: ModelAccount = {
        id: b.accountId,
        currency,
        customer: false,
        balance: b.balance,
        credit: b.totalCredit,
        debit: b.totalDebit,
        versionMin: b.version,
        versionMax: b.version,
      };
      internal[currency][kind] = account;
      accounts.set(account.id, account);
    }
  }
  return { model: { accounts, customers: [], internal, posted: [] }, real: { db: observed } };
}

function accountsIn(m: Model, currency: Currency): ModelAccount[] {
  return [...m.accounts.values()].filter((a) => a.currency === currency);
}

function pick<T>(items: T[], n: number): T {
  const item = items[n % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function entryOf(postings: PostingInput[], kind = 'transfer'): EntryInput {
  return { idempotencyKey: uniqueKey('prop'), kind, memo: 'property', actor: 'system', postings };
}

type Outcome =
  | { ok: true; balancesAfter: (bigint | null)[]; next: Map<bigint, ModelAccount> }
  | { ok: false; code: ErrorCode };

/** What the ledger should do with these postings, judged on the model alone. */
function simulate(m: Model, postings: PostingInput[]): Outcome {
  const next = new Map<bigint, ModelAccount>();
  const balancesAfter: (bigint | null)[] = [];
  for (const p of postings) {
    const current = next.get(p.accountId) ?? m.accounts.get(p.accountId);
    if (!current) throw new Error('simulate: unknown account');
    const updated = {
      ...current,
      balance: current.balance + p.amount,
      credit: current.credit + (p.amount > 0n ? p.amount : 0n),
      debit: current.debit + (p.amount < 0n ? -p.amount : 0n),
    };
    if (updated.customer && updated.balance < 0n)
      return { ok: false, code: 'LEDGER_INSUFFICIENT_FUNDS' };
    next.set(p.accountId, updated);
    // House accounts post without a running balance; their version moves only when folded.
    balancesAfter.push(updated.customer ? updated.balance : null);
  }
  for (const account of next.values()) {
    if (!account.customer) continue;
    account.versionMin += 1n;
    account.versionMax += 1n;
  }
  return { ok: true, balancesAfter, next };
}

/** Posts (by `post`, default postEntry) and checks outcome, rows written and the model. */
async function postAndCheck(
  m: Model,
  r: Real,
  input: EntryInput,
  post: () => Promise<PostedEntry> = () => postEntry(r.db, input),
): Promise<void> {
  const expected = simulate(m, input.postings);
  const before = await ledgerSnapshot(r.db);
  if (!expected.ok) {
    await expectAppError(post(), expected.code);
    expect(await ledgerSnapshot(r.db)).toEqual(before);
    seen.insufficient += 1;
    return;
  }
  const result = await post();
  expect(result.replayed).toBe(false);
  expect(result.postings).toEqual(
    input.postings.map((p, i) => ({ ...p, balanceAfter: expected.balancesAfter[i] })),
  );
  const after = await ledgerSnapshot(r.db);
  expect(after).toEqual({
    ...before,
    entries: before.entries + 1,
    postings: before.postings + input.postings.length,
    versions:
      before.versions + BigInt([...expected.next.values()].filter((a) => a.customer).length),
    pending:
      before.pending + input.postings.filter((p) => !m.accounts.get(p.accountId)?.customer).length,
  });
  for (const account of expected.next.values())
    Object.assign(m.accounts.get(account.id) ?? {}, account);
  m.posted.push({ input, result });
  seen.posted += 1;
}

/** Expects a refusal with this code and not a single row or balance changed. */
async function refusedAndCheck(
  r: Real,
  post: () => Promise<unknown>,
  code: ErrorCode,
): Promise<void> {
  const before = await ledgerSnapshot(r.db);
  await expectAppError(post(), code);
  expect(await ledgerSnapshot(r.db)).toEqual(before);
}

class OpenAccount implements Command {
  constructor(
    readonly currency: Currency,
    readonly kind: CustomerAccountKind,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const before = await ledgerSnapshot(r.db);
    const account = await openCustomerAccount(r.db, {
      ownerId: nextOwnerId(),
      kind: this.kind,
      currency: this.currency,
      name: 'property',
    });
    expect(await ledgerSnapshot(r.db)).toEqual({ ...before, accounts: before.accounts + 1 });
    const modelAccount: ModelAccount = {
      id: account.id,
      currency: this.currency,
      customer: true,
      balance: 0n,
      credit: 0n,
      debit: 0n,
      versionMin: 0n,
      versionMax: 0n,
    };
    m.accounts.set(account.id, modelAccount);
    m.customers.push(modelAccount);
  }
  toString = () => `open(${this.currency}, ${this.kind})`;
}

class Deposit implements Command {
  constructor(
    readonly who: number,
    readonly amount: bigint,
  ) {}
  check = (m: Readonly<Model>) => m.customers.length > 0;
  async run(m: Model, r: Real) {
    const to = pick(m.customers, this.who);
    const clearing = m.internal[to.currency].crypto_deposit_clearing;
    await postAndCheck(
      m,
      r,
      entryOf(
        [
          { accountId: clearing.id, amount: -this.amount, currency: to.currency },
          { accountId: to.id, amount: this.amount, currency: to.currency },
        ],
        'crypto_deposit',
      ),
    );
  }
  toString = () => `deposit(${this.who}, ${this.amount})`;
}

class Transfer implements Command {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: bigint,
  ) {}
  check = (m: Readonly<Model>) => m.customers.length > 0;
  async run(m: Model, r: Real) {
    const from = pick(m.customers, this.from);
    // Possibly to itself: refused, as paying oneself would only inflate the totals.
    const to = pick(
      m.customers.filter((c) => c.currency === from.currency),
      this.to,
    );
    const input = entryOf([
      { accountId: from.id, amount: -this.amount, currency: from.currency },
      { accountId: to.id, amount: this.amount, currency: from.currency },
    ]);
    const send = () =>
      postTransfer(r.db, {
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        memo: input.memo,
        actor: input.actor,
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: this.amount,
        currency: from.currency,
      });
    if (from.id === to.id) {
      await refusedAndCheck(r, send, 'LEDGER_INVALID_ENTRY');
      return;
    }
    await postAndCheck(m, r, input, send);
  }
  toString = () => `transfer(${this.from} -> ${this.to}, ${this.amount})`;
}

/** Any legs over any accounts, each currency balanced by its suspense account (if needed). */
class MultiPosting implements Command {
  constructor(readonly legs: { currency: number; account: number; amount: bigint }[]) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const postings: PostingInput[] = [];
    const sums = new Map<Currency, bigint>();
    for (const leg of this.legs) {
      const currency = pick([...CURRENCIES], leg.currency);
      const account = pick(accountsIn(m, currency), leg.account);
      postings.push({ accountId: account.id, amount: leg.amount, currency });
      sums.set(currency, (sums.get(currency) ?? 0n) + leg.amount);
    }
    for (const [currency, sum] of sums) {
      if (sum !== 0n) {
        postings.push({ accountId: m.internal[currency].suspense.id, amount: -sum, currency });
      }
    }
    if (postings.length < 2) return; // a single zero-sum leg is impossible (amounts are never 0)
    await postAndCheck(m, r, entryOf(postings, 'adjustment'));
  }
  toString = () =>
    `multi(${this.legs.map((l) => `${l.currency}:${l.account}:${l.amount}`).join(' ')})`;
}

const INVALID_KINDS = [
  'zero_amount',
  'negative_transfer',
  'unknown_account',
  'mixed_currency',
  'unbalanced',
  'currency_mismatch',
  'out_of_range',
  'too_few_postings',
] as const;
type InvalidKind = (typeof INVALID_KINDS)[number];

class InvalidEntry implements Command {
  constructor(
    readonly kind: InvalidKind,
    readonly a: number,
    readonly b: number,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const usd = accountsIn(m, 'USD');
    const x = pick(usd, this.a);
    const y = pick(usd, this.b);
    const eur = pick(accountsIn(m, 'EUR'), this.b);
    const n = this.amount;
    const post = (postings: PostingInput[]) => () => postEntry(r.db, entryOf(postings));
    const cases: Record<InvalidKind, [() => Promise<unknown>, ErrorCode]> = {
      zero_amount: [
        post([
          { accountId: x.id, amount: 0n, currency: 'USD' },
          { accountId: y.id, amount: 0n, currency: 'USD' },
        ]),
        'LEDGER_INVALID_AMOUNT',
      ],
      negative_transfer: [
        () =>
          postTransfer(r.db, {
            idempotencyKey: uniqueKey('prop'),
            kind: 'transfer',
            memo: 'property',
            actor: 'system',
            fromAccountId: x.id,
            toAccountId: y.id,
            amount: -n,
            currency: 'USD',
          }),
        'LEDGER_INVALID_AMOUNT',
      ],
      unknown_account: [
        // First, so that no other refusal (funds of x) can come before it.
        post([
          { accountId: 10n ** 15n + n, amount: n, currency: 'USD' },
          { accountId: x.id, amount: -n, currency: 'USD' },
        ]),
        'LEDGER_UNKNOWN_ACCOUNT',
      ],
      mixed_currency: [
        post([
          { accountId: x.id, amount: n, currency: 'USD' },
          { accountId: eur.id, amount: -n, currency: 'EUR' },
        ]),
        'LEDGER_MIXED_CURRENCY',
      ],
      unbalanced: [
        post([
          { accountId: x.id, amount: -n, currency: 'USD' },
          { accountId: y.id, amount: n + 1n, currency: 'USD' },
        ]),
        'LEDGER_UNBALANCED',
      ],
      currency_mismatch: [
        post([
          { accountId: x.id, amount: n, currency: 'EUR' },
          { accountId: eur.id, amount: -n, currency: 'EUR' },
        ]),
        'LEDGER_CURRENCY_MISMATCH',
      ],
      out_of_range: [
        post([
          { accountId: x.id, amount: MAX_MINOR_UNITS + n, currency: 'USD' },
          { accountId: y.id, amount: -(MAX_MINOR_UNITS + n), currency: 'USD' },
        ]),
        'LEDGER_AMOUNT_OUT_OF_RANGE',
      ],
      too_few_postings: [
        post([{ accountId: x.id, amount: n, currency: 'USD' }]),
        'LEDGER_INVALID_ENTRY',
      ],
    };
    const [attempt, code] = cases[this.kind];
    await refusedAndCheck(r, attempt, code);
    seen.invalid += 1;
  }
  toString = () => `invalid(${this.kind}, ${this.a}, ${this.b}, ${this.amount})`;
}

class Replay implements Command {
  constructor(
    readonly which: number,
    readonly memo: string,
  ) {}
  check = (m: Readonly<Model>) => m.posted.length > 0;
  async run(m: Model, r: Real) {
    const { input, result } = pick(m.posted, this.which);
    const before = await ledgerSnapshot(r.db);
    // A retry may carry another memo: the key and the postings decide.
    const again = await postEntry(r.db, { ...input, memo: this.memo });
    expect(again).toEqual({ ...result, replayed: true });
    expect(await ledgerSnapshot(r.db)).toEqual(before);
    seen.replayed += 1;
  }
  toString = () => `replay(${this.which})`;
}

class Conflict implements Command {
  constructor(
    readonly which: number,
    readonly change: 'kind' | 'reverse' | 'double',
  ) {}
  check = (m: Readonly<Model>) => m.posted.length > 0;
  async run(m: Model, r: Real) {
    const { input } = pick(m.posted, this.which);
    const changed: EntryInput =
      this.change === 'kind'
        ? { ...input, kind: `${input.kind}_other` }
        : this.change === 'reverse'
          ? { ...input, postings: [...input.postings].reverse() }
          : { ...input, postings: input.postings.map((p) => ({ ...p, amount: p.amount * 2n })) };
    await refusedAndCheck(r, () => postEntry(r.db, changed), 'LEDGER_IDEMPOTENCY_CONFLICT');
    seen.conflicts += 1;
  }
  toString = () => `conflict(${this.which}, ${this.change})`;
}

const SLOT_TYPES = [
  'deposit',
  'debit',
  'transfer',
  'replay',
  'conflict',
  'duplicate',
  'unknown',
  'mismatch',
] as const;
type Slot = { type: (typeof SLOT_TYPES)[number]; a: number; b: number; amount: bigint };

type GroupExpectation =
  | { kind: 'posted'; input: EntryInput; duplicateOf?: number }
  | { kind: 'refused'; input: EntryInput; code: ErrorCode }
  | { kind: 'replayed'; input: EntryInput; of: { input: EntryInput; result: PostedEntry } };

/**
 * Entries posted all at once, so that the batcher sends them in group commits (the first few
 * alone, the rest together). Built so that every outcome is the same in any order: a customer
 * is debited by at most one entry of the group and is then not credited by another.
 */
class ConcurrentGroup implements Command {
  constructor(readonly slots: Slot[]) {}
  check = (m: Readonly<Model>) => m.customers.length > 0;
  async run(m: Model, r: Real) {
    const debited = new Set<bigint>();
    const credited = new Set<bigint>();
    const free = (c: ModelAccount) => !debited.has(c.id) && !credited.has(c.id);
    const plan: GroupExpectation[] = [];
    const fundsFor = (from: ModelAccount, amount: bigint, input: EntryInput): GroupExpectation =>
      from.balance >= amount
        ? { kind: 'posted', input }
        : { kind: 'refused', input, code: 'LEDGER_INSUFFICIENT_FUNDS' };

    for (const slot of this.slots) {
      const n = slot.amount;
      switch (slot.type) {
        case 'deposit': {
          const candidates = m.customers.filter((c) => !debited.has(c.id));
          if (candidates.length === 0) break;
          const to = pick(candidates, slot.a);
          credited.add(to.id);
          const clearing = m.internal[to.currency].crypto_deposit_clearing;
          plan.push({
            kind: 'posted',
            input: entryOf(
              [
                { accountId: clearing.id, amount: -n, currency: to.currency },
                { accountId: to.id, amount: n, currency: to.currency },
              ],
              'crypto_deposit',
            ),
          });
          break;
        }
        case 'debit': {
          const candidates = m.customers.filter(free);
          if (candidates.length === 0) break;
          const from = pick(candidates, slot.a);
          debited.add(from.id);
          const outgoing = m.internal[from.currency].outgoing_transfer_clearing;
          const input = entryOf(
            [
              { accountId: from.id, amount: -n, currency: from.currency },
              { accountId: outgoing.id, amount: n, currency: from.currency },
            ],
            'withdrawal',
          );
          plan.push(fundsFor(from, n, input));
          break;
        }
        case 'transfer': {
          const froms = m.customers.filter(free);
          if (froms.length === 0) break;
          const from = pick(froms, slot.a);
          const tos = m.customers.filter(
            (c) => c.currency === from.currency && c.id !== from.id && !debited.has(c.id),
          );
          if (tos.length === 0) break;
          const to = pick(tos, slot.b);
          debited.add(from.id);
          credited.add(to.id);
          const input = entryOf([
            { accountId: from.id, amount: -n, currency: from.currency },
            { accountId: to.id, amount: n, currency: from.currency },
          ]);
          plan.push(fundsFor(from, n, input));
          break;
        }
        case 'replay': {
          if (m.posted.length === 0) break;
          const of = pick(m.posted, slot.a);
          plan.push({ kind: 'replayed', input: of.input, of });
          break;
        }
        case 'conflict': {
          if (m.posted.length === 0) break;
          const { input } = pick(m.posted, slot.a);
          plan.push({
            kind: 'refused',
            input: { ...input, kind: `${input.kind}_other` },
            code: 'LEDGER_IDEMPOTENCY_CONFLICT',
          });
          break;
        }
        case 'duplicate': {
          // The same entry twice in the group: posted once, the other call gets the same entry.
          const originals = plan.map((p, i) => ({ p, i })).filter(({ p }) => p.kind !== 'replayed');
          if (originals.length === 0) break;
          const { p, i } = pick(originals, slot.a);
          plan.push(p.kind === 'posted' ? { kind: 'posted', input: p.input, duplicateOf: i } : p);
          break;
        }
        case 'unknown': {
          const outgoing = m.internal.USD.outgoing_transfer_clearing;
          plan.push({
            kind: 'refused',
            input: entryOf([
              { accountId: 10n ** 15n + n, amount: n, currency: 'USD' },
              { accountId: outgoing.id, amount: -n, currency: 'USD' },
            ]),
            code: 'LEDGER_UNKNOWN_ACCOUNT',
          });
          break;
        }
        case 'mismatch': {
          plan.push({
            kind: 'refused',
            input: entryOf([
              { accountId: m.internal.USD.suspense.id, amount: n, currency: 'EUR' },
              { accountId: m.internal.EUR.suspense.id, amount: -n, currency: 'EUR' },
            ]),
            code: 'LEDGER_CURRENCY_MISMATCH',
          });
          break;
        }
      }
    }
    if (plan.length === 0) return;

    const before = await ledgerSnapshot(r.db);
    const results = await Promise.allSettled(plan.map((p) => postEntry(r.db, p.input)));

    const postedIds = new Map<string, bigint>();
    let newEntries = 0;
    let newPostings = 0;
    let newPending = 0;
    let minVersions = new Set<bigint>();
    let maxVersions = 0n;
    for (const [i, p] of plan.entries()) {
      const outcome = results[i];
      const label = `slot ${i} (${p.kind})`;
      if (p.kind === 'refused') {
        expect(outcome?.status, label).toBe('rejected');
        if (outcome?.status === 'rejected') {
          expect(outcome.reason, label).toMatchObject({ name: 'AppError', code: p.code });
        }
        continue;
      }
      expect(
        outcome?.status,
        `${label}: ${outcome?.status === 'rejected' ? String(outcome.reason) : ''}`,
      ).toBe('fulfilled');
      if (outcome?.status !== 'fulfilled') continue;
      const result = outcome.value;
      if (p.kind === 'replayed') {
        expect(result, label).toEqual({ ...p.of.result, replayed: true });
        continue;
      }
      expect(
        result.postings.map(({ accountId, amount }) => ({ accountId, amount })),
        label,
      ).toEqual(p.input.postings.map(({ accountId, amount }) => ({ accountId, amount })));
      const key = p.input.idempotencyKey;
      const known = postedIds.get(key);
      if (known !== undefined) {
        expect(result.entryId, `${label}: the duplicate gets the same entry`).toBe(known);
        continue;
      }
      postedIds.set(key, result.entryId);
      newEntries += 1;
      newPostings += p.input.postings.length;
      const touched = new Set(
        p.input.postings
          .map((q) => q.accountId)
          .filter((id) => m.accounts.get(id)?.customer === true),
      );
      newPending += p.input.postings.filter((q) => !m.accounts.get(q.accountId)?.customer).length;
      maxVersions += BigInt(touched.size);
      minVersions = new Set([...minVersions, ...touched]);
      for (const q of p.input.postings) {
        const account = m.accounts.get(q.accountId);
        if (!account) throw new Error('unknown model account');
        account.balance += q.amount;
        if (q.amount > 0n) account.credit += q.amount;
        else account.debit -= q.amount;
      }
      for (const id of touched) {
        const account = m.accounts.get(id);
        if (!account) continue;
        account.versionMax += 1n;
      }
      m.posted.push({ input: p.input, result: { ...result, replayed: false } });
    }
    for (const id of minVersions) {
      const account = m.accounts.get(id);
      if (account) account.versionMin += 1n;
    }
    // Of each duplicated pair exactly one call posted and the other replayed it.
    for (const [key, entryId] of postedIds) {
      const calls = plan
        .map((p, i) => ({ p, r: results[i] }))
        .filter(({ p }) => p.kind === 'posted' && p.input.idempotencyKey === key);
      const fresh = calls.filter(({ r }) => r?.status === 'fulfilled' && !r.value.replayed);
      expect(fresh, `key ${key} (entry ${entryId}) posted once`).toHaveLength(1);
    }
    for (const p of plan) {
      if (p.kind === 'refused' && p.code !== 'LEDGER_IDEMPOTENCY_CONFLICT') {
        expect(await entriesByKey(r.db, p.input.idempotencyKey)).toEqual([]);
      }
    }

    const after = await ledgerSnapshot(r.db);
    expect(after.entries).toBe(before.entries + newEntries);
    expect(after.postings).toBe(before.postings + newPostings);
    expect(after.pending).toBe(before.pending + newPending);
    expect(after.accounts).toBe(before.accounts);
    expect(after.versions - before.versions).toBeGreaterThanOrEqual(BigInt(minVersions.size));
    expect(after.versions - before.versions).toBeLessThanOrEqual(maxVersions);
    seen.groups += 1;
  }
  toString = () =>
    `group(${this.slots.map((s) => `${s.type}:${s.a}:${s.b}:${s.amount}`).join(' ')})`;
}

const amount = fc.bigInt({ min: 1n, max: 50_000n });
const signedAmount = fc.oneof(fc.bigInt({ min: -50_000n, max: -1n }), amount);
const index = fc.nat(1_000);

const commands = [
  fc
    .tuple(
      fc.constantFrom(...CURRENCIES),
      fc.constantFrom<CustomerAccountKind>('customer_current', 'customer_fixed_deposit'),
    )
    .map(([c, k]) => new OpenAccount(c, k)),
  fc.tuple(index, amount).map(([w, a]) => new Deposit(w, a)),
  fc.tuple(index, index, amount).map(([f, t, a]) => new Transfer(f, t, a)),
  fc
    .array(fc.record({ currency: fc.nat(1), account: index, amount: signedAmount }), {
      minLength: 1,
      maxLength: 5,
    })
    .map((legs) => new MultiPosting(legs)),
  fc
    .tuple(fc.constantFrom(...INVALID_KINDS), index, index, amount)
    .map(([k, a, b, n]) => new InvalidEntry(k, a, b, n)),
  fc
    .tuple(index, fc.constantFrom('property', 'a retry', ''))
    .map(([w, memo]) => new Replay(w, memo)),
  fc
    .tuple(index, fc.constantFrom<'kind' | 'reverse' | 'double'>('kind', 'reverse', 'double'))
    .map(([w, c]) => new Conflict(w, c)),
  fc
    .array(fc.record({ type: fc.constantFrom(...SLOT_TYPES), a: index, b: index, amount }), {
      minLength: 8,
      maxLength: 14,
    })
    .map((slots) => new ConcurrentGroup(slots)),
];

describe('ledger against a model', () => {
  it('random command sequences keep the books equal to the model and consistent', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25, size: 'max' }), async (cmds) => {
        runs += 1;
        const env = await setup();
        await fc.asyncModelRun(() => Promise.resolve(env), cmds);

        for (const account of env.model.accounts.values()) {
          const actual = await getBalance(db, { accountId: account.id, ownerId: null });
          expect(
            { balance: actual.balance, credit: actual.totalCredit, debit: actual.totalDebit },
            `account ${account.id}`,
          ).toEqual({ balance: account.balance, credit: account.credit, debit: account.debit });
          expect(actual.version).toBeGreaterThanOrEqual(account.versionMin);
          expect(actual.version).toBeLessThanOrEqual(account.versionMax);
          if (account.customer) expect(actual.balance).toBeGreaterThanOrEqual(0n);
        }
        const report = await checkLedger(db);
        expect(report.violations).toEqual([]);
        expect(report.ok).toBe(true);
      }),
      { numRuns: 25 },
    );
    expect(runs).toBeGreaterThanOrEqual(25);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
    expect(counter.count('ledger_post_entry('), 'single posts').toBeGreaterThan(0);
    expect(counter.count('ledger_post_entries('), 'group commits').toBeGreaterThan(0);
  });
});
