import { sql, type Insertable, type Kysely } from 'kysely';
import { PAID_FROM_BALANCE_LABEL } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import type { FundingKind, FundingRequestsTable, FundingStatus } from '../../db/tables/funding.js';
import { afterCursor, matchesSearch, sortKey, type Keyset } from '../../platform/queue-page.js';

/**
 * The SQL of funding requests (the module owns `funding_requests`). Each function takes the
 * database or the transaction it runs in. The read models join the catalog's names and the
 * customer's name in (reads only: no other module's table is written here).
 */

/** Requests with the names of what they refer to, as the lists and the review show them. */
export function requestsWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('funding_requests as r')
    .leftJoin('crypto_types as t', 't.id', 'r.crypto_type_id')
    .leftJoin('payment_purposes as pp', 'pp.id', 'r.purpose_id')
    .leftJoin('fixed_deposit_plans as fp', 'fp.id', 'r.fd_plan_id')
    .leftJoin('account_plans as ap', 'ap.id', 'r.account_plan_id')
    .select([
      'r.id',
      'r.user_id as userId',
      'r.kind',
      'r.paid_from as paidFrom',
      // A request paid from the balance names no coin: its Type is the balance.
      sql<string>`coalesce(t.name, ${PAID_FROM_BALANCE_LABEL})`.as('type'),
      't.network',
      'r.tx_id as transactionId',
      'r.coin_rate as coinRate',
      'r.coin_symbol as coinSymbol',
      'r.coin_decimals as coinDecimals',
      'r.coin_rate_set_at as coinRateSetAt',
      'r.entry_id as entryId',
      sql<string | null>`coalesce(pp.name, fp.name, ap.name)`.as('subject'),
      'r.claimed_amount as claimedAmount',
      'r.received_amount as receivedAmount',
      'r.currency',
      'r.status',
      'r.decline_reason as declineReason',
      'r.created_at as createdAt',
      'r.decided_at as decidedAt',
      'r.pay_to_address as payToAddress',
      'r.proof_mime as proofMime',
      'r.fd_plan_id as fdPlanId',
      'r.fd_rate_bp as askedRateBp',
      'r.fd_term_count as askedTermCount',
      'r.fd_term_unit as askedTermUnit',
      'r.account_plan_id as accountPlanId',
    ]);
}

export type RequestRow = Awaited<
  ReturnType<ReturnType<typeof requestsWithNames>['executeTakeFirstOrThrow']>
>;

/** At most this many other requests are named as having given the same transaction id. */
const SAME_TRANSACTION_ID_SHOWN = 20;

/**
 * The other requests that gave request `r`'s transaction id (in any case), oldest first: a
 * payment claimed twice? One index probe per row (`funding_requests_tx_id`), inside the query
 * that reads the rows, so a page of the queue and one request are each read in one statement.
 */
const sameTransactionIdOn = sql<string[]>`array(
    select o.id::text from funding_requests o
    where o.tx_id is not null and lower(o.tx_id) = lower(r.tx_id) and o.id <> r.id
    order by o.id
    limit ${SAME_TRANSACTION_ID_SHOWN})`;

/** Requests as staff read them: with the customer, who decided, and the same transaction id. */
export function withCustomer(db: Kysely<DB>) {
  return requestsWithNames(db)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .select([
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.email',
      'u.username',
      sql<string | null>`d.first_name || ' ' || d.last_name`.as('decidedBy'),
      sameTransactionIdOn.as('sameTransactionIdOn'),
    ]);
}
export type StaffRow = Awaited<
  ReturnType<ReturnType<typeof withCustomer>['executeTakeFirstOrThrow']>
>;

/**
 * A tab of the review queue: waiting (oldest first: first come, first served) or decided
 * (newest decision first), searched by the customer's name, email or an id, and by amount
 * (claimed, or received), a page at a time.
 */
export function queuePage(
  db: Kysely<DB>,
  filter: {
    status: FundingStatus;
    kind?: FundingKind;
    q?: string;
    amount?: bigint;
    after?: Keyset;
    limit: number;
  },
) {
  const waiting = filter.status === 'pending';
  const time = waiting ? 'r.created_at' : 'r.decided_at';
  const order = waiting ? 'asc' : 'desc';
  // The queue is of staff decisions: a payment from the balance was never one.
  let query = withCustomer(db)
    .select(sortKey(time).as('sortKey'))
    .where('r.paid_from', '=', 'crypto')
    .where('r.status', '=', filter.status)
    .orderBy(time, order)
    .orderBy('r.id', order)
    .limit(filter.limit);
  if (filter.kind !== undefined) query = query.where('r.kind', '=', filter.kind);
  const q = filter.q;
  if (q !== undefined) {
    const words = matchesSearch(q, {
      ids: ['r.id', 'r.user_id'],
      firstName: 'u.first_name',
      lastName: 'u.last_name',
      email: 'u.email',
    });
    // A transaction id as a block explorer shows it finds the request that gave it.
    query = TX_ID.test(q)
      ? query.where((eb) => eb.or([words, sql<boolean>`lower(r.tx_id) = lower(${q})`]))
      : query.where(words);
  }
  const amount = filter.amount;
  if (amount !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('r.claimed_amount', '=', amount), eb('r.received_amount', '=', amount)]),
    );
  }
  if (filter.after) query = query.where(afterCursor(time, 'r.id', order, filter.after));
  return query.execute();
}

/** How many requests wait for review, and since when (the overview). */
export async function pendingSummary(
  db: Kysely<DB>,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('funding_requests')
    .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

const TX_ID = /^[A-Za-z0-9]{16,128}$/;

/** The customer's request made with this client key (a payment from the balance), if any. */
export function requestByClientKey(db: Kysely<DB>, userId: bigint, clientKey: string) {
  return db
    .selectFrom('funding_requests')
    .select([
      'id',
      'kind',
      'purpose_id as purposeId',
      'account_plan_id as accountPlanId',
      'claimed_amount as amount',
    ])
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

/** Whether the customer has an upgrade waiting for a decision. */
export async function hasPendingUpgrade(db: Kysely<DB>, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('funding_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'upgrade')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequest(
  db: Kysely<DB>,
  values: Insertable<FundingRequestsTable>,
): Promise<bigint> {
  const row = await db
    .insertInto('funding_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A crypto request's proof (a request paid from the balance has none). */
export function proofOf(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('funding_requests')
    .select(['proof_key as key', 'proof_mime as mime', 'user_id as userId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' &&
    (e.constraint === constraint || String(e.message ?? '').includes(constraint))
  );
};

/** A request with the names it refers to, locked (FOR UPDATE of the request row only). */
export function lockRequest(db: Kysely<DB>, id: bigint) {
  return requestsWithNames(db)
    .select(['r.crypto_type_id as cryptoTypeId', 'r.purpose_id as purposeId'])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();
}
export type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockRequest>>>;

/** pending -> confirmed with what arrived and the entry that moved it (guarded). */
export function markConfirmed(
  db: Kysely<DB>,
  id: bigint,
  decision: { received: bigint; decidedBy: bigint; at: Date; entryId: bigint },
) {
  return db
    .updateTable('funding_requests')
    .set({
      status: 'confirmed',
      received_amount: decision.received,
      decided_by: decision.decidedBy,
      decided_at: decision.at,
      entry_id: decision.entryId,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** pending -> declined with the reason the customer reads (guarded). */
export function markDeclined(
  db: Kysely<DB>,
  id: bigint,
  decision: { reason: string; decidedBy: bigint; at: Date },
) {
  return db
    .updateTable('funding_requests')
    .set({
      status: 'declined',
      decline_reason: decision.reason,
      decided_by: decision.decidedBy,
      decided_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The requests of a customer this staff member confirmed since `since`, with what they posted. */
export async function confirmedBy(db: Kysely<DB>, userId: bigint, decidedBy: bigint, since: Date) {
  const rows = await db
    .selectFrom('funding_requests')
    .select(['id', 'received_amount as amount'])
    .where('user_id', '=', userId)
    .where('decided_by', '=', decidedBy)
    .where('status', '=', 'confirmed')
    .where('decided_at', '>=', since)
    .execute();
  return rows.flatMap((r) => (r.amount === null ? [] : [{ id: r.id, amount: r.amount }]));
}
