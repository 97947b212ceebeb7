import { z } from 'zod';
import { emailSchema } from '@bank/contract';
import { AppError } from '../errors.js';
import type { EmailMessage } from './types.js';

/** No control characters: these strings end up in mail headers and in log lines. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

export const emailMessageSchema = z.object({
  to: emailSchema,
  subject: z.string().trim().min(1).max(250).regex(ONE_LINE),
  text: z
    .string()
    .max(100_000)
    .refine((text) => text.trim().length > 0, 'must not be empty'),
  html: z.string().max(500_000),
});

/**
 * The message as it may be queued and sent: a valid address, a one-line subject, a non-empty text
 * body. Unknown fields are dropped. Throws AppError BAD_REQUEST naming the fields (never their
 * values: a body may hold a code).
 */
export function checkEmailMessage(value: unknown): EmailMessage {
  const parsed = emailMessageSchema.safeParse(value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    throw new AppError('BAD_REQUEST', 'The email could not be queued: it is not complete.', {
      fields,
    });
  }
  return parsed.data;
}
