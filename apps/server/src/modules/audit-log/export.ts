import { Readable, pipeline } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditExportQuery } from '@bank/contract';
import { stringify } from 'csv-stringify';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { spreadsheetSafe } from '../../platform/csv.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';
import type { AuditFilter } from './repo.js';
import { auditFilterOf, toEntry } from './service.js';

/** Rows read from the database at a time while the file streams out. */
const BATCH = 500;

const COLUMNS: [header: string, cell: (e: AuditEntry) => string | null][] = [
  ['Sequence', (e) => e.seq],
  ['Time (UTC)', (e) => e.at],
  ['Actor kind', (e) => e.actor.kind],
  ['Actor id', (e) => e.actor.id],
  ['Actor name', (e) => e.actor.name],
  ['Actor email', (e) => e.actor.email],
  ['Action', (e) => e.action],
  ['Action label', (e) => e.label],
  ['Target type', (e) => e.target.type],
  ['Target id', (e) => e.target.id],
  ['Customer id', (e) => e.customer?.id ?? null],
  ['Customer name', (e) => e.customer?.name ?? null],
  ['Customer email', (e) => e.customer?.email ?? null],
  ['Before', (e) => (e.before === null ? null : JSON.stringify(e.before))],
  ['After', (e) => (e.after === null ? null : JSON.stringify(e.after))],
  ['IP address', (e) => e.ip],
  ['User agent', (e) => e.userAgent],
  ['Hash', (e) => e.hash],
  ['Previous hash', (e) => e.prevHash],
];

/** The rows of the export, newest first, read a batch at a time up to the newest counted. */
async function* records(deps: AppDeps, filter: AuditFilter, newestId: bigint) {
  let beforeId = newestId + 1n;
  for (;;) {
    const rows = await repo.auditRows(deps.db, filter, { beforeId, limit: BATCH });
    for (const row of rows) {
      const entry = toEntry(row);
      yield COLUMNS.map(([, cell]) => {
        const text = cell(entry);
        return text === null ? '' : spreadsheetSafe(text);
      });
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    beforeId = last.id;
  }
}

/**
 * The audit log's rows matching the search, as CSV (a header row, then newest first), streamed
 * as they are read. At most AUDIT_EXPORT_MAX_ROWS: a search matching more is refused, so that no
 * file is silently incomplete. The export itself is audited (who, which filter, how many rows)
 * before any row leaves.
 */
export async function exportAuditLog(
  deps: AppDeps,
  query: AuditExportQuery,
  actor: StaffActor,
  onStreamError: (error: Error) => void,
  maxRows = AUDIT_EXPORT_MAX_ROWS,
): Promise<{ filename: string; body: Readable; rows: number }> {
  const filter = await auditFilterOf(deps, query);
  const extent = filter
    ? await repo.auditExtent(deps.db, filter, maxRows)
    : { rows: 0, newestId: null };
  if (extent.rows > maxRows) {
    throw new AppError(
      'UNPROCESSABLE',
      `This search matches more than ${maxRows.toLocaleString('en-US')} rows, the most one export holds. Choose a shorter period or add a filter.`,
    );
  }
  const given = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  await deps.audit(deps.db, {
    action: 'audit.export',
    actor,
    targetId: 'audit_log',
    after: { filter: given, rows: extent.rows },
  });
  const csv = stringify({
    header: true,
    columns: COLUMNS.map(([header]) => header),
    record_delimiter: '\r\n',
  });
  const source =
    filter && extent.newestId !== null
      ? Readable.from(records(deps, filter, extent.newestId))
      : Readable.from([]);
  const body = pipeline(source, csv, (error) => {
    if (error) onStreamError(error);
  });
  const stamp = deps.clock.now().toISOString().slice(0, 19).replace(/[-:]/g, '');
  return { filename: `audit-log-${stamp}Z.csv`, body, rows: extent.rows };
}
