import { z } from 'zod';
import { minorUnitsSchema as minorUnits, unsignedMinorUnitsSchema } from './money.js';

/**
 * Who is signed in, with which kind of session. Staff also get the permissions their roles grant,
 * so the staff area shows only what they may use (the server checks every call regardless).
 */
export const meSchema = z
  .object({
    /** `mfa_pending`: staff who gave their password but not yet their second factor. */
    scope: z.enum(['customer', 'onboarding', 'staff', 'mfa_pending']),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    kycStatus: z.enum(['not_verified', 'pending', 'approved', 'declined']),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

/** Who is signed in, or null: answered without a 401 either way. */
export const sessionStateSchema = z
  .object({ me: meSchema.nullable() })
  .meta({ id: 'SessionState' });

/** The customer's current account as the dashboard home shows it (spec: getinstituition). */
export const accountSummarySchema = z
  .object({
    accountNumber: z.string(),
    currency: z.string(),
    availableBalance: minorUnits,
    totalCredit: minorUnits,
    totalDebit: minorUnits,
  })
  .meta({ id: 'AccountSummary' });
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/**
 * A transaction's status (spec section 3): a transfer is in progress until staff decide it, and
 * cancelled when its customer called it back before staff sent it.
 */
export const TRANSACTION_STATUSES = ['successful', 'in_progress', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One line of the account's history: a posted ledger entry seen from this account. */
export const transactionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    date: z.iso.datetime(),
    amount: unsignedMinorUnitsSchema,
    currency: z.string(),
    transactionType: z.enum(['credit', 'debit']),
    status: z.enum(TRANSACTION_STATUSES),
    balanceAfter: minorUnits,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionPageSchema = z
  .object({ items: z.array(transactionSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'TransactionPage' });
export type TransactionPage = z.infer<typeof transactionPageSchema>;
