import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RETENTION, housekeepingJob } from '../../src/modules/system/housekeeping.js';
import { enqueueJob } from '../../src/platform/jobs/queue.js';
import { testClock } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';

/** The daily housekeeping keeps the tables every request reads small, and nothing it needs. */
const clock = testClock();
const suite = useTestApp({ clock });

async function count(table: string, where = sql`true`) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(suite.database.db);
  return rows[0]?.n ?? 0;
}

describe(`housekeeping (${engineName})`, () => {
  it('removes done jobs, used codes and ended sessions once they are old; keeps the rest', async () => {
    const db = suite.database.db;
    const { client, userId } = await signedInCustomer(suite.app, suite.database, {
      kycStatus: 'approved',
    });
    const old = await enqueueJob(db, 'test.old', {});
    const failed = await enqueueJob(db, 'test.failed', {});
    await sql`update jobs set done_at = now() - interval '8 days' where id = ${old}`.execute(db);
    await sql`update jobs set failed_at = now() - interval '8 days' where id = ${failed}`.execute(
      db,
    );
    const waiting = await enqueueJob(db, 'test.waiting', {});
    await db
      .transaction()
      .execute((trx) => suite.app.deps.codes.issue(trx, { userId, purpose: 'signin' }));
    const ended = await db
      .insertInto('sessions')
      .values({
        token_hash: `old-${Date.now()}`,
        user_id: userId,
        scope: 'customer',
        expires_at: new Date(Date.now() - RETENTION.sessionsMs - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    clock.advance(RETENTION.codesMs + 60_000);
    await housekeepingJob(suite.app.deps).run(
      {},
      {
        jobId: 0n,
        attempt: 1,
        signal: new AbortController().signal,
      },
    );

    expect(await count('jobs', sql`id = ${old}`)).toBe(0);
    expect(await count('jobs', sql`id = ${failed}`)).toBe(1);
    expect(await count('jobs', sql`id = ${waiting}`)).toBe(1);
    expect(await count('one_time_codes', sql`user_id = ${userId}`)).toBe(0);
    expect(await count('sessions', sql`id = ${ended.id}`)).toBe(0);
    // The customer's live session is untouched.
    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(200);
  });
});
