/**
 * npm run files:move [-- --remove]: copies the uploads kept in DATA_DIR/uploads into the store
 * UPLOAD_STORE names (the database, or an S3-compatible bucket), sealed, under the same keys
 * (decision 32). Safe to run again; with --remove, each file leaves the folder once its copy
 * reads back. Until it has run, the app still reads those files from the folder.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from '../db/connection.js';
import { databaseBackend, localBackend, s3Backend } from '../platform/files/index.js';
import { moveFolderUploads } from '../platform/files/move.js';

const { values } = parseArgs({ options: { remove: { type: 'boolean', default: false } } });
try {
  const config = loadConfig();
  const settings = config.uploadStore;
  if (settings.kind === 'local') {
    throw new ConfigError(
      'UPLOAD_STORE is local (no DATABASE_URL): the uploads are already where the app keeps them.',
    );
  }
  const database = await openDatabase(databaseOptionsFrom(config));
  try {
    const result = await moveFolderUploads({
      db: database.db,
      folder: localBackend(path.join(config.dataDir, 'uploads')),
      target: settings.kind === 'database' ? databaseBackend(database.db) : s3Backend(settings),
      secretKey: config.secretKey,
      removeAfter: values.remove ?? false,
    });
    console.log(
      `to the ${settings.kind} store: ${result.copied} copied, ${result.present} already there, ${result.removed} removed from the folder, ${result.skipped.length} skipped`,
    );
    for (const line of result.skipped) console.log(`  skipped ${line}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
