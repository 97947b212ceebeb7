import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Product } from '@bank/contract';

/** The SQL of product availability (the module owns `product_availability`). */

/** Each offered product with the countries it is switched off in. */
export async function switchedOff(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('product_availability')
    .select(['product', 'unavailable_countries as countries'])
    .execute();
  return new Map(rows.map((r) => [r.product, r.countries]));
}

/** A product's row, locked for a change; undefined when the bank does not offer it. */
export function lockProduct(db: Kysely<DB>, product: Product) {
  return db
    .selectFrom('product_availability')
    .select('unavailable_countries as countries')
    .where('product', '=', product)
    .forUpdate()
    .executeTakeFirst();
}

export async function setUnavailable(
  db: Kysely<DB>,
  product: Product,
  countries: string[],
  now: Date,
): Promise<void> {
  await db
    .updateTable('product_availability')
    .set({ unavailable_countries: countries, updated_at: now })
    .where('product', '=', product)
    .execute();
}
