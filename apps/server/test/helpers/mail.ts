import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openEmail, type QueuedEmail } from '../../src/platform/mail/index.js';
import { runJobs } from './jobs.js';

/**
 * The emails queued for an address, newest first (what the mailbox will deliver), after the
 * app's background jobs have run (a reset request is turned into an email by a job).
 */
export async function mailTo(app: FastifyInstance, email: string) {
  await runJobs(app);
  const rows = await sql<{ payload: QueuedEmail }>`
    select payload from jobs
    where kind = 'email' and done_at is null and lower(payload->>'to') = ${email.toLowerCase()}
    order by id desc`.execute(app.deps.db);
  return rows.rows.map((r) => openEmail(app.deps.config.secretKey, r.payload));
}
