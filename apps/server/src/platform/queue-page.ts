import { sql, type RawBuilder } from 'kysely';
import { AppError } from './errors.js';

/**
 * The staff queues' pages and search, as SQL fragments their repositories put in their own
 * queries. A page is a keyset: the sort time (to the microsecond, as the database holds it) and
 * the id of the last row, so rows decided meanwhile neither repeat nor go missing.
 */

/** The sort time of a row as the cursor holds it (UTC, microseconds). */
export function sortKey(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface Keyset {
  at: string;
  id: bigint;
}

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.at}|${key.id}`).toString('base64url');
}

const KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,18})$/;

export function decodeCursor(cursor: string): Keyset {
  const match = KEY.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || Number.isNaN(Date.parse(match[1] as string))) {
    throw new AppError('BAD_REQUEST', 'The page cursor is not valid', {
      errors: [{ path: 'query.cursor', message: 'Not a page cursor' }],
    });
  }
  return { at: match[1] as string, id: BigInt(match[2] as string) };
}

/** Rows after the cursor in the page's order: oldest first (`asc`) or newest first (`desc`). */
export function afterCursor(
  time: string,
  id: string,
  order: 'asc' | 'desc',
  key: Keyset,
): RawBuilder<boolean> {
  const after = order === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql<boolean>`(${sql.ref(time)}, ${sql.ref(id)}) ${after} (${key.at}::timestamptz, ${key.id})`;
}

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search box of a queue: digits are an id (any of `ids`: the request's, the customer's);
 * anything else is words of the customer's full name or email.
 */
export function matchesSearch(
  q: string,
  refs: { ids: readonly string[]; firstName: string; lastName: string; email: string },
): RawBuilder<boolean> {
  if (/^\d{1,18}$/.test(q)) {
    const id = BigInt(q);
    return sql<boolean>`(${sql.join(
      refs.ids.map((ref) => sql`${sql.ref(ref)} = ${id}`),
      sql` or `,
    )})`;
  }
  const like = `%${literal(q)}%`;
  return sql<boolean>`((${sql.ref(refs.firstName)} || ' ' || ${sql.ref(refs.lastName)}) ilike ${like} or ${sql.ref(refs.email)} ilike ${like})`;
}

/** A page from rows read one past the limit: the rows, and the cursor to the next page. */
export function pageOf<R extends { sortKey: string; id: bigint }>(
  rows: R[],
  limit: number,
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
  };
}
