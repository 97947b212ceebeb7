import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import { seal, unseal } from '../security/seal.js';
import type { EmailMessage } from './types.js';
import { checkEmailMessage } from './validate.js';

export const EMAIL_JOB = 'email';
const SEAL_PURPOSE = 'queued-email-body';

/**
 * An email as it waits in the queue: the recipient and subject in the clear (for the operator
 * and the retry log), the bodies sealed under a key derived from SECRET_KEY, since they may hold
 * a code or a reset link. A copy of the database alone reveals no code, even of an email that
 * never went out.
 */
export const queuedEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  sealed: z.string(),
});
export type QueuedEmail = z.infer<typeof queuedEmailSchema>;

export function sealEmail(secretKey: string, message: EmailMessage): QueuedEmail {
  const { to, subject, text, html } = checkEmailMessage(message);
  return { to, subject, sealed: seal(secretKey, SEAL_PURPOSE, JSON.stringify({ text, html })) };
}

/** The whole message of a queued email (for the sender, and for tests reading the queue). */
export function openEmail(secretKey: string, queued: QueuedEmail): EmailMessage {
  const bodies = z
    .object({ text: z.string(), html: z.string() })
    .parse(JSON.parse(unseal(secretKey, SEAL_PURPOSE, queued.sealed)));
  return checkEmailMessage({ to: queued.to, subject: queued.subject, ...bodies });
}

export interface Mailer {
  /**
   * Queues an email as an `email` job. Call it with the transaction that makes the change the
   * email is about (a code created, a transfer posted): the email exists if and only if that
   * change commits. Nothing is sent here, so a slow or broken mail server never delays or fails
   * the request.
   */
  send(db: Kysely<DB>, message: EmailMessage): Promise<void>;
}

export function createMailer(jobs: JobQueue, secretKey: string): Mailer {
  return {
    async send(db, message) {
      await jobs.enqueue(db, EMAIL_JOB, { ...sealEmail(secretKey, message) });
    },
  };
}
