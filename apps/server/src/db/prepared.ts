import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from './schema.js';

/**
 * A statement that every signed-in request runs, written once as SQL text: no query building
 * per request, and on PostgreSQL prepared by name on each connection the first time it runs
 * there (parsed and analysed once, its plan kept after a few runs), where planning would cost
 * more than executing (decision 0017). `Row` is what one row holds, spelt out by the caller.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /** Only carries the row type. */
  readonly row?: Row;
}

const namesByText = new Map<string, string>();

/** Declares a statement (at module load); a name stands for one text only. */
export function statement<Row>(name: string, text: string): Statement<Row> {
  const fullName = `bank_${name}`;
  const known = namesByText.get(text);
  if (known !== fullName && (known || [...namesByText.values()].includes(fullName))) {
    throw new Error(`statement ${name} conflicts with another one`);
  }
  namesByText.set(text, fullName);
  return { name: fullName, text };
}

/** Runs a declared statement with its parameters ($1, $2… in order) and answers its rows. */
export async function run<Row>(
  db: Kysely<DB>,
  declared: Statement<Row>,
  parameters: readonly unknown[],
): Promise<Row[]> {
  const result = await db.executeQuery<Row>(
    CompiledQuery.raw(declared.text, [...parameters]) as CompiledQuery<Row>,
  );
  return result.rows;
}

/** Built statements named on one connection at most (any more run unnamed there). */
export const AUTO_PREPARED_PER_CONNECTION = 400;

/** Names of the built texts seen, kept for this many texts (then forgotten and worked out anew). */
const AUTO_NAMES_KEPT = 4_000;
const autoNames = new Map<string, string | null>();

/**
 * The name a statement built by Kysely is prepared under (decision 29), or undefined: only one
 * statement that reads or writes rows. Not one that selects `*` (a column added by a migration
 * would change a running server's prepared result), not one with ON CONFLICT (PostgreSQL infers
 * the arbiter of a partial unique index from the predicate's values, which a generic plan has
 * not got), not transaction control, not several statements in one text.
 */
export function autoName(text: string): string | undefined {
  const known = autoNames.get(text);
  if (known !== undefined) return known ?? undefined;
  const preparable =
    /^\s*(select|insert|update|delete|with)\s/i.test(text) &&
    !/\bon\s+conflict\b/i.test(text) &&
    !text.includes(';') &&
    !text.replaceAll('(*)', '').includes('*');
  const name = preparable
    ? `bank_auto_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`
    : null;
  if (autoNames.size >= AUTO_NAMES_KEPT) autoNames.clear();
  autoNames.set(text, name);
  return name ?? undefined;
}

/**
 * Makes a pooled connection run its statements by name. Kysely calls `client.query(text,
 * values)`; a declared text, or a built one `autoName` accepts while the connection has fewer
 * than `AUTO_PREPARED_PER_CONNECTION` of them, goes as `{ name, text, values }`, which pg parses
 * on that connection the first time only (PostgreSQL plans it with its values for the first
 * runs, then keeps a generic plan when that costs no more). Everything else passes unchanged.
 */
export function prepareDeclaredStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const automatic = new Set<string>();
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    let name = typeof config === 'string' ? namesByText.get(config) : undefined;
    if (name === undefined && typeof config === 'string' && Array.isArray(values)) {
      const auto = autoName(config);
      if (auto && (automatic.has(auto) || automatic.size < AUTO_PREPARED_PER_CONNECTION)) {
        automatic.add(auto);
        name = auto;
      }
    }
    return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
  }) as typeof client.query;
}
