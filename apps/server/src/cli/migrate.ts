/** npm run migrate: applies pending migrations to the configured database and exits. */
import { ConfigError, loadConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

try {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFrom(config));
  try {
    const report = await migrate(database.db);
    console.log(
      report.applied.length > 0
        ? `applied: ${report.applied.join(', ')}`
        : `up to date (${report.alreadyApplied} migrations)`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
