import { z } from 'zod';
import { TRANSACTION_STATUSES, transactionSchema } from './accounts.js';
import { unsignedMinorUnitsSchema } from './money.js';

/**
 * Receipts and detail views (issue 19, decision 0026). A line of the account opens its detail;
 * a line that belongs to one of the customer's transfers opens the transfer. Each can be
 * downloaded as a PDF receipt carrying a verification reference that anybody can check on the
 * bank's public page, which confirms what the receipt says and nothing more.
 */

/** One line of the customer's account, with what it belongs to. */
export const transactionDetailSchema = z
  .object({
    transaction: transactionSchema,
    /** The customer's own transfer this line paid or refunded: its detail is the transfer's. */
    transferId: z.string().nullable(),
    /** The bank's reference of the entry that made this line. */
    reference: z.string(),
  })
  .meta({ id: 'TransactionDetail' });
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

/** 20 characters of Crockford's base 32: 100 random bits. */
export const RECEIPT_REFERENCE_LENGTH = 20;
const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]{20}$/;

/**
 * A reference as people type it (any case, spaces or dashes between the groups, O for 0 and
 * I or L for 1, as Crockford's alphabet allows), in its one written form; null if it is not one.
 */
export function normalizeReceiptReference(input: string): string | null {
  const folded = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CROCKFORD.test(folded) ? folded : null;
}

/** "ABCD-EFGH-…": the reference as it is printed, in groups of four. */
export function formatReceiptReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1-');
}

export const receiptReferenceParamsSchema = z.object({
  reference: z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const reference = normalizeReceiptReference(value);
      if (reference === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'A receipt reference has 20 letters and digits, like 7K3M-9QXD-…',
        });
        return z.NEVER;
      }
      return reference;
    }),
});

/**
 * What the bank's public page confirms about a receipt: what it says (when, how much, the
 * status it was issued with, the parties masked) and the status now, nothing else.
 */
export const receiptVerificationSchema = z
  .object({
    reference: z.string(),
    bank: z.string(),
    issuedAt: z.iso.datetime(),
    /** When the money moved (a transfer: when it was submitted). */
    date: z.iso.datetime(),
    amount: unsignedMinorUnitsSchema,
    currency: z.string(),
    /** The status the receipt was issued with, and the status now (a transfer may have moved on). */
    status: z.enum(TRANSACTION_STATUSES),
    currentStatus: z.enum(TRANSACTION_STATUSES),
    /** "Mary J., Cedar Bank account ••7897". */
    payer: z.string(),
    payee: z.string(),
  })
  .meta({ id: 'ReceiptVerification' });
export type ReceiptVerification = z.infer<typeof receiptVerificationSchema>;
