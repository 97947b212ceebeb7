/**
 * What must hold after a run with crashes, read from the database (and the mailboxes) once the
 * load has stopped:
 *
 * - every acknowledged transfer exists exactly once: its row is submitted under the customer's
 *   key, with exactly one ledger entry `transfer:{id}`; no submitted transfer was left
 *   unacknowledged, and no key has two transfers;
 * - each customer's balance is the opening deposit less exactly the acknowledged amounts;
 * - the books balance (`npm run ledger:check`'s checks: every entry sums to zero, cached balances
 *   equal posting sums, no customer balance negative);
 * - no email was lost: each submitted transfer's "Transfer in progress" email and each issued
 *   code's email is in the outbox (the `jobs` table), none of them failed, and every one the
 *   outbox marks sent is in a mailbox.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.js';
import { checkLedger } from '../../apps/server/src/ledger/index.js';
import type { Acknowledged, Inbox } from './customer.js';
import { sleep } from './http.js';
import type { Customer } from './seed.js';

export interface Verdict {
  ok: boolean;
  problems: string[];
  figures: Record<string, number | string>;
}

/** Waits (up to `timeoutMs`) until no email job is waiting or running. */
export async function drainEmails(db: Kysely<DB>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from jobs
      where kind = 'email' and done_at is null and failed_at is null`.execute(db);
    const waiting = Number(rows[0]?.n ?? 0);
    if (waiting === 0 || Date.now() > deadline) return waiting;
    await sleep(500);
  }
}

export async function checkRun(
  db: Kysely<DB>,
  customers: Customer[],
  acknowledged: Acknowledged[],
  inbox: Inbox,
): Promise<Verdict> {
  const problems: string[] = [];
  const byCustomer = new Map(customers.map((c) => [c.index, c]));

  // Every acknowledged transfer exactly once.
  const ackIds = acknowledged.map((a) => a.id);
  const rows = await sql<{
    id: string;
    user_id: string;
    idempotency_key: string;
    stage: string;
    amount: string;
    entries: string;
  }>`
    select t.id::text, t.user_id::text, t.idempotency_key, t.stage, t.amount::text,
           (select count(*) from journal_entries e where e.idempotency_key = 'transfer:' || t.id)::text as entries
    from transfers t where t.user_id = any(${customers.map((c) => c.userId.toString())}::bigint[])`.execute(
    db,
  );
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  for (const a of acknowledged) {
    const row = byId.get(a.id);
    const who = byCustomer.get(a.customer);
    if (!row) problems.push(`acknowledged transfer ${a.id} (${a.key}) does not exist`);
    else if (row.user_id !== who?.userId.toString() || row.idempotency_key !== a.key)
      problems.push(`acknowledged transfer ${a.id} belongs to another customer or key`);
    else if (row.stage !== 'submitted')
      problems.push(`acknowledged transfer ${a.id} is ${row.stage}`);
    else if (row.entries !== '1')
      problems.push(`transfer ${a.id} has ${row.entries} ledger entries`);
    else if (BigInt(row.amount) !== a.amount) problems.push(`transfer ${a.id} amount differs`);
  }
  if (new Set(ackIds).size !== ackIds.length) problems.push('a transfer was acknowledged twice');
  const submitted = rows.rows.filter((r) => r.stage === 'submitted');
  for (const r of submitted) {
    if (!ackIds.includes(r.id))
      problems.push(`transfer ${r.id} was submitted but never acknowledged`);
    if (r.entries !== '1')
      problems.push(`submitted transfer ${r.id} has ${r.entries} ledger entries`);
  }
  const keys = new Map<string, number>();
  for (const r of rows.rows)
    keys.set(
      `${r.user_id}/${r.idempotency_key}`,
      (keys.get(`${r.user_id}/${r.idempotency_key}`) ?? 0) + 1,
    );
  for (const [key, n] of keys) if (n > 1) problems.push(`key ${key} has ${n} transfers`);

  // Balances: the opening deposit less exactly what was acknowledged.
  const balances = await sql<{ id: string; balance: string }>`
    select id::text, balance::text from ledger_accounts
    where id = any(${customers.map((c) => c.accountId.toString())}::bigint[])`.execute(db);
  const balanceOf = new Map(balances.rows.map((r) => [r.id, BigInt(r.balance)]));
  for (const c of customers) {
    const sent = acknowledged
      .filter((a) => a.customer === c.index)
      .reduce((sum, a) => sum + a.amount, 0n);
    const balance = balanceOf.get(c.accountId.toString());
    if (balance !== c.opening - sent) {
      problems.push(`customer ${c.index}: balance ${balance} is not ${c.opening} - ${sent}`);
    }
  }
  const negatives = await sql<{ n: string }>`
    select count(*)::text as n from ledger_accounts where kind like 'customer\\_%' and balance < 0`.execute(
    db,
  );
  if (negatives.rows[0]?.n !== '0')
    problems.push(`${negatives.rows[0]?.n} negative customer balances`);

  // The books.
  const ledger = await checkLedger(db);
  if (!ledger.ok) {
    problems.push(
      `ledger check: ${ledger.violations.map((v) => `${v.rule}: ${v.detail}`).join('; ')}`,
    );
  }

  // Emails owed: the outbox holds them, none failed, and the sent ones were delivered.
  const stillWaiting = await drainEmails(db, 60_000);
  const jobs = await sql<{ to: string; subject: string; done: boolean; failed: boolean }>`
    select payload->>'to' as "to", payload->>'subject' as subject,
           done_at is not null as done, failed_at is not null as failed
    from jobs where kind = 'email'`.execute(db);
  const codes = await sql<{ user_id: string; n: string }>`
    select user_id::text, count(*)::text as n from one_time_codes
    where purpose = 'transfer_authorization' group by user_id`.execute(db);
  const codesOf = new Map(codes.rows.map((r) => [r.user_id, Number(r.n)]));
  const count = (to: string, test: (subject: string) => boolean) =>
    jobs.rows.filter((j) => j.to === to && test(j.subject)).length;
  for (const c of customers) {
    const owedTransfers = submitted.filter((r) => r.user_id === c.userId.toString()).length;
    const transferEmails = count(c.email, (s) => s === 'Transfer in progress');
    if (transferEmails !== owedTransfers) {
      problems.push(
        `customer ${c.index}: ${owedTransfers} transfers submitted, ${transferEmails} "Transfer in progress" emails`,
      );
    }
    const codeEmails = count(c.email, (s) => /authorization code/i.test(s));
    const issued = codesOf.get(c.userId.toString()) ?? 0;
    if (codeEmails !== issued) {
      problems.push(`customer ${c.index}: ${issued} codes issued, ${codeEmails} code emails`);
    }
  }
  const failed = jobs.rows.filter((j) => j.failed).length;
  if (failed > 0) problems.push(`${failed} email jobs failed`);
  if (stillWaiting > 0) problems.push(`${stillWaiting} email jobs still waiting after 60 s`);
  const delivered = await inbox.delivered();
  const deliveredCount = new Map<string, number>();
  for (const d of delivered) {
    const k = `${d.to}\n${d.subject}`;
    deliveredCount.set(k, (deliveredCount.get(k) ?? 0) + 1);
  }
  const sentCount = new Map<string, number>();
  for (const j of jobs.rows.filter((x) => x.done)) {
    const k = `${j.to}\n${j.subject}`;
    sentCount.set(k, (sentCount.get(k) ?? 0) + 1);
  }
  for (const [k, n] of sentCount) {
    const got = deliveredCount.get(k) ?? 0;
    if (got < n)
      problems.push(`${n} sent "${k.replace('\n', '": "')}" but ${got} in the mailboxes`);
  }

  const sums = ledger.totals.map((t) => `${t.currency} ${t.balance}`).join(', ');
  return {
    ok: problems.length === 0,
    problems,
    figures: {
      acknowledged: acknowledged.length,
      transfersInDatabase: rows.rows.length,
      submitted: submitted.length,
      ledgerEntries: ledger.counts.entries,
      currencySums: sums,
      emailJobs: jobs.rows.length,
      emailsDelivered: delivered.length,
      emailsRedelivered: delivered.length - jobs.rows.filter((j) => j.done).length,
    },
  };
}
