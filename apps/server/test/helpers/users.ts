import type { Database } from '../../src/db/connection.js';

let seq = 0;

/** A bare customer row (no sign-up, no profile), for tests of what hangs off a user. */
export async function insertUser(database: Database, firstName = 'Ada'): Promise<bigint> {
  seq += 1;
  const tag = `${firstName.toLowerCase()}${seq}${process.pid}`;
  const row = await database.db
    .insertInto('users')
    .values({
      kind: 'customer',
      first_name: firstName,
      last_name: 'Tester',
      username: tag,
      email: `${tag}@example.com`,
      password_hash: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
