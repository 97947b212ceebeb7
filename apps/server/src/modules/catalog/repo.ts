import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

const columns = ['id', 'name', 'active', 'created_at as createdAt'] as const;

export function allDocumentTypes(db: Kysely<DB>) {
  return db.selectFrom('document_types').select(columns).orderBy('id').execute();
}

/** Inserts unless the name exists in any case; undefined when it does (the index decides). */
export function insertDocumentType(db: Kysely<DB>, name: string) {
  return db
    .insertInto('document_types')
    .values({ name })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .returning(columns)
    .executeTakeFirst();
}

export function lockDocumentType(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('document_types')
    .select(columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function setDocumentTypeActive(db: Kysely<DB>, id: bigint, active: boolean) {
  return db
    .updateTable('document_types')
    .set({ active })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}
