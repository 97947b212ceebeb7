import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { BlobBackend } from './types.js';

const PAGE = 500;

/**
 * The upload_blobs table (migration 0026): every app server reaches it, and a database backup
 * holds the uploads with the money they prove. A blob is at most the upload limit (8 MB) plus
 * 32 bytes, written and read whole in one statement.
 */
export function databaseBackend(db: Kysely<DB>): BlobBackend {
  return {
    kind: 'database',
    async create(key, blob) {
      await db.insertInto('upload_blobs').values({ storage_key: key, sealed: blob }).execute();
    },

    async get(key) {
      const row = await db
        .selectFrom('upload_blobs')
        .select('sealed')
        .where('storage_key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      const bytes = row.sealed;
      return Buffer.isBuffer(bytes)
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async delete(key) {
      await db.deleteFrom('upload_blobs').where('storage_key', '=', key).execute();
    },

    async *sweepCandidates(before) {
      // Only rows nothing registered: the sweep checks the registry again before removing.
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('upload_blobs as b')
          .select('b.storage_key')
          .where('b.created_at', '<', before)
          .where('b.storage_key', '>', after)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('stored_files as f')
                  .select(sql`1`.as('one'))
                  .whereRef('f.storage_key', '=', 'b.storage_key'),
              ),
            ),
          )
          .orderBy('b.storage_key')
          .limit(PAGE)
          .execute();
        for (const row of rows) yield row.storage_key;
        if (rows.length < PAGE) return;
        after = rows.at(-1)?.storage_key ?? after;
      }
    },
  };
}
