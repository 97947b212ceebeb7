import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { databaseBackend } from './backends/database.js';
import { localBackend } from './backends/local.js';
import { s3Backend, type S3Settings } from './backends/s3.js';
import { createFileStore, type FileStore } from './store.js';

/** UPLOAD_STORE and its settings (config.ts). */
export type UploadStoreSettings =
  { kind: 'local' } | { kind: 'database' } | ({ kind: 's3' } & S3Settings);

/**
 * The configured upload store. The folder under DATA_DIR stays readable behind the database and
 * the bucket, for uploads kept there before (decision 32; `npm run files:move` copies them over).
 */
export function openFileStore(options: {
  settings: UploadStoreSettings;
  db: Kysely<DB>;
  secretKey: string;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
}): FileStore {
  const folder = localBackend(path.resolve(options.uploadsDir));
  const { settings } = options;
  const backend =
    settings.kind === 'local'
      ? folder
      : settings.kind === 'database'
        ? databaseBackend(options.db)
        : s3Backend(settings);
  return createFileStore({
    backend,
    secretKey: options.secretKey,
    ...(backend === folder ? {} : { earlier: folder }),
  });
}
