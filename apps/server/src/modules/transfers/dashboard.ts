import type { Kysely } from 'kysely';
import { run, statement } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';

/**
 * What the customer's dashboard reads of their transfers on every load, written once as SQL and
 * prepared (decision 17), each scoped by the customer in the statement.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A transfer that has left the balance and waits for staff to send it. */
export interface TransferInProgress {
  id: bigint;
  /** The entry that took the money at submission (its line is in the history). */
  entryId: bigint;
  /** The words of that line: "Transfer to {holder} ({bank})". */
  name: string;
  amount: bigint;
  currency: string;
  submittedAt: string;
}

/** At most this many show at once; the transfers page lists them all. */
const IN_PROGRESS_SHOWN = 20;

const inProgressOf = statement<TransferInProgress>(
  'transfers_in_progress_of',
  `select id, entry_id as "entryId", 'Transfer to ' || holder_name || ' (' || bank || ')' as name,
          amount, currency, to_char(submitted_at at time zone 'UTC', ${ISO}) as "submittedAt"
     from transfers
    where user_id = $1 and stage = 'submitted' and status = 'in_progress'
    order by submitted_at desc, id desc
    limit ${IN_PROGRESS_SHOWN}`,
);

/** The customer's transfers in progress, newest first. */
export function transfersInProgressOf(
  db: Kysely<DB>,
  userId: bigint,
): Promise<TransferInProgress[]> {
  return run(db, inProgressOf, [userId]);
}

const refundedOf = statement<{ currency: string; total: string }>(
  'transfers_refunded_of',
  `select currency, sum(amount)::text as total
     from transfers
    where user_id = $1 and stage = 'submitted' and reversal_entry_id is not null
    group by currency`,
);

/**
 * What the customer's transfers that came back (failed, their refund posted) had taken, by
 * currency. Each such transfer's entry took its whole amount (charge included) from the current
 * account and its reversal entry gave exactly that back (docs/ledger.md, "Bank transfers"), so
 * neither is money that moved: the dashboard's totals leave both out.
 */
export async function refundedTransfersOf(
  db: Kysely<DB>,
  userId: bigint,
): Promise<Map<string, bigint>> {
  const rows = await run(db, refundedOf, [userId]);
  return new Map(rows.map((r) => [r.currency.trim(), BigInt(r.total)]));
}
