/**
 * npm run admin:create: creates the first staff admin from BOOTSTRAP_ADMIN_EMAIL and
 * BOOTSTRAP_ADMIN_PASSWORD (the same variables the server reads at start). Leaves an existing
 * account with that email untouched.
 */
import { loadConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { bootstrapAdmin } from '../modules/staff/bootstrap.js';

const email = process.env.BOOTSTRAP_ADMIN_EMAIL;
const password = process.env.BOOTSTRAP_ADMIN_PASSWORD;
if (!email || !password) {
  console.error('Set BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD, then run again.');
  process.exit(1);
}
try {
  const database = await openDatabase(databaseOptionsFrom(loadConfig()));
  try {
    await migrate(database.db);
    const result = await bootstrapAdmin(database.db, { email, password });
    console.log(
      result === 'created'
        ? `staff admin ${email} created`
        : `${email} already has an account: left unchanged`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
