import { z } from 'zod';
import { decimalAmountSchema } from './money.js';
import { textSchema } from './text.js';

/**
 * The staff queues' search, on every tab (waiting and decided): the customer's name or email,
 * or an id (the request's or the customer's), a page at a time.
 */
export const queueSearchShape = {
  /** Words of the customer's name or email; digits: the request's id or the customer's. */
  q: textSchema().trim().min(1).max(100).optional(),
  /** The `nextCursor` of the page before. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,120}$/, 'Not a page cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
};

/** Where a queue holds money: its amount as typed ("250" or "250.00"), matched exactly. */
export const queueAmountShape = { amount: decimalAmountSchema.optional() };

/** Pages of a queue: pass `nextCursor` back as `cursor`; null on the last page. */
export const queuePageShape = { nextCursor: z.string().nullable() };
