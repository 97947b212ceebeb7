import { defineJob, PermanentJobError } from '../jobs/types.js';
import { EMAIL_JOB, openEmail, queuedEmailSchema } from './mailer.js';
import type { MailTransport } from './types.js';

/**
 * Delivers queued emails through the transport (SMTP, or the local mailbox in development).
 * Once sent, the job keeps only the recipient and subject.
 */
export function emailJob(transport: MailTransport, secretKey: string) {
  return defineJob({
    kind: EMAIL_JOB,
    payload: queuedEmailSchema,
    maxAttempts: 8,
    async run(queued, { signal }) {
      let message;
      try {
        message = openEmail(secretKey, queued);
      } catch {
        // Sealed under another key, or damaged: retrying cannot fix it.
        throw new PermanentJobError('the queued email cannot be opened');
      }
      await transport.send(message, { signal });
    },
    redactWhenDone: (queued) => ({ to: queued.to, subject: queued.subject }),
  });
}
