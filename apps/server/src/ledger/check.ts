import { sql } from 'kysely';
import { pendingSums } from './pending.js';
import type { Executor } from './types.js';

export interface Violation {
  rule:
    | 'entry_unbalanced'
    | 'entry_too_few_postings'
    | 'cached_balance_mismatch'
    | 'running_balance_mismatch'
    | 'pending_movement_mismatch'
    | 'customer_balance_negative'
    | 'posting_currency_mismatch'
    | 'idempotency_key_reused'
    | 'trial_balance_not_zero';
  detail: string;
}

export interface TrialBalanceRow {
  currency: string;
  kind: string;
  accounts: number;
  balance: bigint;
}

export interface LedgerReport {
  ok: boolean;
  violations: Violation[];
  trialBalance: TrialBalanceRow[];
  totals: { currency: string; balance: bigint }[];
  counts: { accounts: number; entries: number; postings: number };
}

/** Caps each rule's listing; the count of a rule's violations is what matters. */
const SAMPLE = 20;

/**
 * Checks the ledger's invariants over the whole database: every entry balances per currency
 * and has two postings or more; cached balances and totals (a house account's with its pending
 * movements) equal the sums of postings; running balances are the running sums, and every
 * customer posting has one; every pending movement is its posting's, on a house account; no customer account is negative; every idempotency key is
 * used once; and all balances of a currency sum to zero.
 */
export async function checkLedger(db: Executor): Promise<LedgerReport> {
  const violations: Violation[] = [];
  const add = (rule: Violation['rule'], rows: { detail: string }[]) =>
    rows.forEach((r) => violations.push({ rule, detail: r.detail }));

  add(
    'entry_unbalanced',
    (
      await sql<{ detail: string }>`
        select 'entry ' || entry_id || ' ' || currency || ' sums to ' || sum(amount) as detail
        from postings group by entry_id, currency having sum(amount) <> 0
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'entry_too_few_postings',
    (
      await sql<{ detail: string }>`
        select 'entry ' || e.id || ' has ' || count(p.id) || ' postings' as detail
        from journal_entries e left join postings p on p.entry_id = e.id
        group by e.id having count(p.id) < 2
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'cached_balance_mismatch',
    (
      await sql<{ detail: string }>`
        select 'account ' || a.id || ' caches ' || a.balance || '/' || a.credit_total || '/' || a.debit_total
               || ' but postings give ' || coalesce(s.balance, 0) || '/' || coalesce(s.credit, 0)
               || '/' || coalesce(s.debit, 0) as detail
        from (
          -- A house account's cached figures plus its movements not yet folded (decision 29).
          select a.id, a.balance + coalesce(p.amount, 0) as balance,
                 a.credit_total + coalesce(p.credit, 0) as credit_total,
                 a.debit_total + coalesce(p.debit, 0) as debit_total
          from ledger_accounts a left join lateral (${pendingSums(sql`a.id`)}) p on true
        ) a
        left join (
          select account_id, sum(amount) as balance,
                 coalesce(sum(amount) filter (where amount > 0), 0) as credit,
                 coalesce(-sum(amount) filter (where amount < 0), 0) as debit
          from postings group by account_id
        ) s on s.account_id = a.id
        where a.balance <> coalesce(s.balance, 0)
           or a.credit_total <> coalesce(s.credit, 0)
           or a.debit_total <> coalesce(s.debit, 0)
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'running_balance_mismatch',
    (
      await sql<{ detail: string }>`
        select 'posting ' || id || ' records ' || balance_after || ' after, running sum is ' || running as detail
        from (
          select id, balance_after,
                 sum(amount) over (partition by account_id order by id) as running
          from postings
        ) r
        where running <> balance_after
        union all
        -- Customer postings always carry their running balance; only house postings may not.
        select 'posting ' || p.id || ' on customer account ' || p.account_id || ' has no balance after'
        from postings p join ledger_accounts a on a.id = p.account_id
        where p.balance_after is null and a.owner_id is not null
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'pending_movement_mismatch',
    (
      await sql<{ detail: string }>`
        select 'pending movement of posting ' || m.posting_id || ' does not match it' as detail
        from ledger_pending m
        join postings p on p.id = m.posting_id
        join ledger_accounts a on a.id = p.account_id
        where m.account_id <> p.account_id or m.amount <> p.amount or a.owner_id is not null
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'customer_balance_negative',
    (
      await sql<{ detail: string }>`
        select 'account ' || id || ' balance ' || balance as detail
        from ledger_accounts where kind like 'customer\_%' and balance < 0
        union all
        select 'posting ' || p.id || ' leaves customer account ' || p.account_id || ' at ' || p.balance_after
        from postings p join ledger_accounts a on a.id = p.account_id
        where a.kind like 'customer\_%' and p.balance_after < 0
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'posting_currency_mismatch',
    (
      await sql<{ detail: string }>`
        select 'posting ' || p.id || ' in ' || p.currency || ' on a ' || a.currency || ' account' as detail
        from postings p join ledger_accounts a on a.id = p.account_id
        where p.currency <> a.currency
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );
  add(
    'idempotency_key_reused',
    (
      await sql<{ detail: string }>`
        select 'key ' || idempotency_key || ' used ' || count(*) || ' times' as detail
        from journal_entries group by idempotency_key having count(*) > 1
        limit ${SAMPLE}`.execute(db)
    ).rows,
  );

  const trialBalance = (
    await sql<{ currency: string; kind: string; accounts: number; balance: bigint }>`
      select a.currency, a.kind, count(*)::int as accounts,
             sum(a.balance + coalesce(p.amount, 0))::bigint as balance
      from ledger_accounts a left join lateral (${pendingSums(sql`a.id`)}) p on a.owner_id is null
      group by a.currency, a.kind order by a.currency, a.kind`.execute(db)
  ).rows;
  const totals = new Map<string, bigint>();
  for (const row of trialBalance) {
    totals.set(row.currency, (totals.get(row.currency) ?? 0n) + row.balance);
  }
  for (const [currency, balance] of totals) {
    if (balance !== 0n) {
      violations.push({ rule: 'trial_balance_not_zero', detail: `${currency} sums to ${balance}` });
    }
  }

  const counts = (
    await sql<{ accounts: number; entries: number; postings: number }>`
      select (select count(*)::int from ledger_accounts) as accounts,
             (select count(*)::int from journal_entries) as entries,
             (select count(*)::int from postings) as postings`.execute(db)
  ).rows[0] ?? { accounts: 0, entries: 0, postings: 0 };

  return {
    ok: violations.length === 0,
    violations,
    trialBalance,
    totals: [...totals].map(([currency, balance]) => ({ currency, balance })),
    counts,
  };
}
