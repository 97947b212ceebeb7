import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { safeErrorText } from '../safe-error.js';
import type { AuditRecord, AuditWriter } from './write.js';

/** Where a lost security event is reported (the app's logger; the console for jobs). */
export type AuditFailureReport = (details: { action: string; error: string }) => void;

/** Without a logger at hand: one line on the server's error output. */
const toConsole: AuditFailureReport = ({ action, error }) =>
  console.error(`audit: ${action} not recorded: ${error}`);

/**
 * Writes a security event that accompanies a refusal (a wrong code, a permission refused, a
 * 429), so that a failing audit write never turns the refusal into a 500, nor undoes what the
 * refusal must keep (the wrong try counted in the same transaction). Inside a transaction the
 * write runs under a savepoint, so the transaction survives it; the loss is reported. Staff
 * actions never use this: they fail when their audit row cannot be written.
 */
export async function auditSecurityEvent(
  write: AuditWriter,
  db: Kysely<DB>,
  record: AuditRecord,
  report: AuditFailureReport = toConsole,
): Promise<boolean> {
  const savepoint = db.isTransaction;
  try {
    if (savepoint) await sql`savepoint security_event`.execute(db);
    await write(db, record);
    if (savepoint) await sql`release savepoint security_event`.execute(db);
    return true;
  } catch (error) {
    if (savepoint) {
      await sql`rollback to savepoint security_event`.execute(db).catch(() => undefined);
    }
    report({ action: record.action, error: safeErrorText(error) });
    return false;
  }
}
