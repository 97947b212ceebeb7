import { formatDayTime } from '@bank/contract';

/**
 * The one date style of the app and the back office is the contract's (formatDay,
 * formatDayTime, formatUtcDayTime in packages/contract/src/format.ts): the spec's
 * day/month/year, with the time where it matters. Emails and PDFs use the same.
 */
export { formatDay, formatDayTime, formatUtcDayTime } from '@bank/contract';

/** "21/11/2026, 15:04": when something happened, in the customer's own time zone. */
export function formatDateTime(iso: string): string {
  return formatDayTime(iso);
}

/** 1536 -> "1.5 KB": a document's size for the reviewer. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
