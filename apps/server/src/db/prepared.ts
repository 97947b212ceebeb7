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

/**
 * Makes a pooled connection run declared statements by name. Kysely calls
 * `client.query(text, values)`; a declared text goes as `{ name, text, values }`, which pg
 * parses on that connection the first time only. Everything else passes through unchanged.
 */
export function prepareDeclaredStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? namesByText.get(config) : undefined;
    return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
  }) as typeof client.query;
}
