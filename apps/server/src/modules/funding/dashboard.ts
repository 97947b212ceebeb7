import type { FundingKind } from '@bank/contract';
import type { Kysely } from 'kysely';
import { run, statement } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';

/**
 * What the customer's dashboard reads of their funding requests on every load: the ones still
 * waiting for staff, and the ones staff decided lately: declined (the money was sent outside the
 * app, so a decline must not simply vanish from the screen the customer looks at), or confirmed
 * when the confirmation leaves no line on the current account (a payment, an upgrade or a fixed
 * deposit paid in crypto; a confirmed deposit's ledger line says it already). Written once as SQL
 * and prepared (decision 17), scoped by the customer in the statement.
 */

/** At most this many show at once; each kind's page lists them all. */
const PENDING_SHOWN = 20;

/**
 * How long a decided request stays on the dashboard after the decision: two weeks, long enough
 * for a customer who looks in once a week (or is away for one) to see it there, read the reason
 * and act on it (send the proof again, ask support, pay again); short enough that the list of
 * money on its way is not filled with old news. Its page, the notification and the email keep it
 * for good.
 */
const DECIDED_SHOWN_FOR_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface RequestRow {
  id: bigint;
  kind: FundingKind;
  status: 'pending' | 'declined' | 'confirmed';
  type: string;
  subject: string | null;
  amount: bigint;
  currency: string;
  reason: string | null;
  date: string;
}

/**
 * Equality on user_id leads (index funding_requests_by_user), so only the customer's own rows
 * are read; the status test filters those few. Waiting requests come first, so decided ones
 * never push one out of the limit. A confirmed request shows what arrived.
 */
const waitingOrDecidedOf = statement<RequestRow>(
  'funding_waiting_or_decided_of',
  `select r.id, r.kind, r.status, t.name as type, coalesce(pp.name, fp.name, ap.name) as subject,
          coalesce(r.received_amount, r.claimed_amount) as amount, r.currency, r.decline_reason as reason,
          to_char(coalesce(r.decided_at, r.created_at) at time zone 'UTC', ${ISO}) as "date"
     from funding_requests r
     join crypto_types t on t.id = r.crypto_type_id
     left join payment_purposes pp on pp.id = r.purpose_id
     left join fixed_deposit_plans fp on fp.id = r.fd_plan_id
     left join account_plans ap on ap.id = r.account_plan_id
    where r.user_id = $1
      and (r.status = 'pending'
           or (r.status = 'declined' and r.decided_at >= $2)
           or (r.status = 'confirmed' and r.kind <> 'deposit' and r.decided_at >= $2))
    order by r.status = 'pending' desc, r.id desc
    limit ${PENDING_SHOWN}`,
);

/** A request waiting for staff to confirm that the payment arrived, or one they decided lately. */
export interface DashboardRequest {
  id: bigint;
  kind: FundingKind;
  status: 'pending' | 'declined' | 'confirmed';
  /** In the words its confirmed line will have, where it will have one. */
  name: string;
  /** What the customer said they sent; once confirmed, what arrived. */
  amount: bigint;
  currency: string;
  /** Staff's reason, in full, when declined. */
  reason: string | null;
  /** When it was asked for (waiting), or decided. */
  date: string;
}

/** The words of a request, as its entry's memo says them once confirmed (decide.ts). */
function nameOf(r: RequestRow): string {
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

/**
 * The customer's requests waiting for a decision, and those decided in the last
 * DECIDED_SHOWN_FOR_DAYS days before `now` (declined, or confirmed without a line of their own),
 * waiting ones first, each newest first.
 */
export async function dashboardRequestsOfCustomer(
  db: Kysely<DB>,
  userId: bigint,
  now: Date,
): Promise<DashboardRequest[]> {
  const since = new Date(now.getTime() - DECIDED_SHOWN_FOR_DAYS * DAY_MS);
  const rows = await run(db, waitingOrDecidedOf, [userId, since]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    name: nameOf(r),
    amount: r.amount,
    currency: r.currency.trim(),
    reason: r.status === 'declined' ? r.reason : null,
    date: r.date,
  }));
}
