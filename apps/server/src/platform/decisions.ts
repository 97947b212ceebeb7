import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AuditRecord, AuditWriter } from './audit/index.js';
import { AppError } from './errors.js';
import type { NoticeFor, Notifier } from './notifications/index.js';

/**
 * The one shape of a staff decision (an identity check, a funding request, a transfer, a
 * two-person approval): in one transaction,
 *  1. lock the subject's row (`SELECT … FOR UPDATE`): a missing one is a 404;
 *  2. refuse (409) a subject that can no longer take this decision, as read under the lock;
 *  3. apply it: money moved through the ledger, the state changed by a guarded update
 *     (`transition`), so that two people deciding at once get one decision and one 409;
 *  4. write its typed audit event (last, see platform/audit/write.ts);
 *  5. tell the customer, in the words of the notification's kind.
 * Whatever fails rolls all of it back. Given a transaction, it runs inside it (an approval
 * carrying out the decision it approved).
 */
export interface Decision<Row, Result> {
  lock(trx: Kysely<DB>): Promise<Row | undefined>;
  /** The 404's words, e.g. "No such transfer". */
  notFound: string;
  /** Why this subject cannot take the decision any more (already decided…), or null. */
  refuse?(row: Row): string | null;
  apply(trx: Kysely<DB>, row: Row): Promise<Result>;
  audit(row: Row, result: Result): AuditRecord | readonly AuditRecord[];
  notify?(row: Row, result: Result): NoticeFor | null;
}

export interface DecisionDeps {
  db: Kysely<DB>;
  audit: AuditWriter;
  notifications: Pick<Notifier, 'send'>;
}

export async function decide<Row, Result>(
  deps: DecisionDeps,
  decision: Decision<Row, Result>,
  trx?: Kysely<DB>,
): Promise<Result> {
  const run = async (db: Kysely<DB>) => {
    const row = await decision.lock(db);
    if (row === undefined) throw new AppError('NOT_FOUND', decision.notFound);
    const refusal = decision.refuse?.(row) ?? null;
    if (refusal !== null) throw new AppError('CONFLICT', refusal);
    const result = await decision.apply(db, row);
    const events = decision.audit(row, result);
    for (const event of Array.isArray(events) ? events : [events]) await deps.audit(db, event);
    const notice = decision.notify?.(row, result) ?? null;
    if (notice) await deps.notifications.send(db, notice.userId, notice.kind, notice.data as never);
    return result;
  };
  return trx ? run(trx) : deps.db.transaction().execute(run);
}

/**
 * The guard of a state change: `update … where id = :id and status = :from` changed exactly one
 * row, or someone else decided first (409 with `message`).
 */
export function transition(result: { numUpdatedRows: bigint }, message: string): void {
  if (result.numUpdatedRows !== 1n) throw new AppError('CONFLICT', message);
}
