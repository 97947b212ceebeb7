import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CatalogTable, Columns, Row } from './funding-kinds.js';

/**
 * The SQL of the funding catalog, one shape for its four tables (the table name comes from the
 * kind's description, never from a request). Each takes the transaction it runs in.
 */

export async function allRows(db: Kysely<DB>, table: CatalogTable): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)} order by id`.execute(db)).rows;
}

/** Inserts a row; a name already there in any case fails on the unique index (23505). */
export async function insertRow(db: Kysely<DB>, table: CatalogTable, columns: Columns) {
  const names = Object.keys(columns);
  const result = await sql<Row>`
    insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => columns[n]))})
    returning *`.execute(db);
  return result.rows[0] as Row;
}

/** The row, locked until the transaction ends; undefined when there is none. */
export async function lockRow(db: Kysely<DB>, table: CatalogTable, id: bigint) {
  const result = await sql<Row>`
    select * from ${sql.table(table)} where id = ${id} for update`.execute(db);
  return result.rows[0];
}

export async function updateRow(db: Kysely<DB>, table: CatalogTable, id: bigint, columns: Columns) {
  const sets = Object.entries(columns).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  const result = await sql<Row>`
    update ${sql.table(table)} set ${sql.join(sets)} where id = ${id} returning *`.execute(db);
  return result.rows[0] as Row;
}

export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

/** Whether another entry of the table has this name, in any case (the unique index's rule). */
export async function nameTaken(
  db: Kysely<DB>,
  table: CatalogTable,
  name: string,
  exceptId: bigint | null,
): Promise<boolean> {
  const result = await sql<{ id: bigint }>`
    select id from ${sql.table(table)}
    where lower(name) = lower(${name}) and id <> ${exceptId ?? 0n} limit 1`.execute(db);
  return result.rows.length > 0;
}

/** The bank's institution details (one row), locked until the transaction ends. */
export async function lockInstitution(db: Kysely<DB>) {
  const row = await db
    .selectFrom('institution_details')
    .select(['swift_code', 'routing_number', 'country', 'postal_address'])
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    swiftCode: row.swift_code,
    routingNumber: row.routing_number,
    country: row.country,
    postalAddress: row.postal_address,
  };
}

export async function updateInstitution(
  db: Kysely<DB>,
  details: {
    swiftCode: string | null;
    routingNumber: string | null;
    country: string | null;
    postalAddress: string | null;
    updatedAt: Date;
  },
) {
  await db
    .updateTable('institution_details')
    .set({
      swift_code: details.swiftCode,
      routing_number: details.routingNumber,
      country: details.country,
      postal_address: details.postalAddress,
      updated_at: details.updatedAt,
    })
    .execute();
}

/** A crypto type's rate, all of it, or none (null everything): the row as it is after. */
export async function setCryptoRate(
  db: Kysely<DB>,
  id: bigint,
  rate: {
    perCoin: string;
    symbol: string;
    decimals: number;
    setAt: Date;
    setBy: bigint;
  } | null,
) {
  const row = await db
    .updateTable('crypto_types')
    .set({
      rate_per_coin: rate?.perCoin ?? null,
      rate_symbol: rate?.symbol ?? null,
      rate_decimals: rate?.decimals ?? null,
      rate_set_at: rate?.setAt ?? null,
      rate_set_by: rate?.setBy ?? null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as unknown as Row;
}
