/**
 * npm run staff:reset -- <email> [--second-factor]: an administrator's reset of a staff
 * member's sign-in. STAFF_PASSWORD (if set) becomes the new password; --second-factor makes
 * them set up their authenticator app again at the next sign-in. Every session of theirs ends.
 */
import { loadConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { resetStaffSignin } from '../modules/staff/reset.js';

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith('--'));
const resetSecondFactor = args.includes('--second-factor');
const password = process.env.STAFF_PASSWORD;
if (!email || (!password && !resetSecondFactor)) {
  console.error(
    'Usage: STAFF_PASSWORD=... npm run staff:reset -- <email> [--second-factor]\n' +
      'Give a new password (STAFF_PASSWORD), --second-factor, or both.',
  );
  process.exit(1);
}
try {
  const database = await openDatabase(databaseOptionsFrom(loadConfig()));
  try {
    await migrate(database.db);
    await resetStaffSignin(database.db, {
      email,
      ...(password ? { password } : {}),
      resetSecondFactor,
    });
    console.log(
      `${email}: ${[password && 'new password set', resetSecondFactor && 'second factor to be set up again'].filter(Boolean).join(', ')}; signed out everywhere`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
