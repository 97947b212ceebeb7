import type { FundingKind } from '@bank/contract';
import type { Kysely } from 'kysely';
import { run, statement } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';

/**
 * What the customer's dashboard reads of their funding requests on every load: the ones still
 * waiting for staff, written once as SQL and prepared (decision 17), scoped by the customer in
 * the statement.
 */

/** At most this many show at once; each kind's page lists them all. */
const PENDING_SHOWN = 20;

interface PendingRow {
  id: bigint;
  kind: FundingKind;
  type: string;
  subject: string | null;
  amount: bigint;
  currency: string;
  createdAt: string;
}

const pendingOf = statement<PendingRow>(
  'funding_pending_of',
  `select r.id, r.kind, t.name as type, coalesce(pp.name, fp.name, ap.name) as subject,
          r.claimed_amount as amount, r.currency,
          to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
     from funding_requests r
     join crypto_types t on t.id = r.crypto_type_id
     left join payment_purposes pp on pp.id = r.purpose_id
     left join fixed_deposit_plans fp on fp.id = r.fd_plan_id
     left join account_plans ap on ap.id = r.account_plan_id
    where r.user_id = $1 and r.status = 'pending'
    order by r.id desc
    limit ${PENDING_SHOWN}`,
);

/** A request waiting for staff to confirm that the payment arrived. */
export interface PendingRequest {
  id: bigint;
  kind: FundingKind;
  /** In the words its confirmed line will have, where it will have one. */
  name: string;
  /** What the customer said they sent. */
  amount: bigint;
  currency: string;
  createdAt: string;
}

/** The words of a request, as its entry's memo says them once confirmed (decide.ts). */
function nameOf(r: PendingRow): string {
  switch (r.kind) {
    case 'deposit':
      return `Crypto deposit (${r.type})`;
    case 'payment':
      return `Payment (${r.subject ?? 'to the bank'}), by ${r.type}`;
    case 'upgrade':
      return `Upgrade to the ${r.subject ?? ''} plan, by ${r.type}`;
    case 'fixed_deposit':
      return `Fixed deposit on the ${r.subject ?? ''} plan, by ${r.type}`;
  }
}

/** The customer's requests waiting for a decision, newest first. */
export async function pendingRequestsOfCustomer(
  db: Kysely<DB>,
  userId: bigint,
): Promise<PendingRequest[]> {
  const rows = await run(db, pendingOf, [userId]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: nameOf(r),
    amount: r.amount,
    currency: r.currency.trim(),
    createdAt: r.createdAt,
  }));
}
