import { z } from 'zod';
import { minorUnitsSchema as minorUnits, unsignedMinorUnitsSchema } from './money.js';

/**
 * Who is signed in, with which kind of session. Staff also get the permissions their roles grant,
 * so the staff area shows only what they may use (the server checks every call regardless).
 */
export const meSchema = z
  .object({
    /**
     * `mfa_pending`: staff who gave their password but not yet their second factor;
     * `second_factor`: the same for a customer who turned one on (decision 33).
     */
    scope: z.enum(['customer', 'onboarding', 'staff', 'mfa_pending', 'second_factor']),
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

/**
 * One line of the account's history: a posted ledger entry seen from this account. `id` is the
 * line's own (the posting's), which its detail page is addressed by
 * (`/dashboard/transactions/{id}`); `entryId` is the journal entry's (a payment's sender and
 * recipient share it), used to show a transfer in progress once.
 */
export const transactionSchema = z
  .object({
    id: z.string(),
    entryId: z.string(),
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

/**
 * What a pending item is: a funding request of one of its kinds (FUNDING_KINDS: spelt out here,
 * so that the sign-in page, which reads this module, does not carry the funding schemas; the
 * server's dashboard read does not compile if a kind is missing), or a bank transfer.
 */
export const PENDING_ACTIVITY_TYPES = [
  'deposit',
  'payment',
  'fixed_deposit',
  'upgrade',
  'transfer',
] as const;
export type PendingActivityType = (typeof PENDING_ACTIVITY_TYPES)[number];

/**
 * Money on its way, shown above the history until it is decided: a funding request waiting
 * for staff to confirm that the payment arrived (`pending`, the spec's word for deposit rows),
 * or a transfer that has left the balance and waits to be sent (`in_progress`). A request staff
 * declined stays a while (`declined`, for 14 days after the decision) with staff's `reason`,
 * since the money the customer sent outside the app did not arrive in it. A confirmed deposit
 * leaves, its ledger line tells the rest; a confirmed payment, upgrade or fixed deposit paid in
 * crypto has no line on the current account, so it stays as long (`confirmed`, with the amount
 * that arrived). `effect` says what it does to the available balance:
 * `credit` once confirmed (a deposit waiting), `debit` already taken (a transfer: its ledger
 * line, `entryId`, is in the history too), `none` (paid to the bank from outside the account: a
 * payment, an upgrade, a fixed deposit paid in crypto; and anything declined). `date` is when
 * it was asked for, or for a decided request when it was decided.
 */
export const pendingActivitySchema = z
  .object({
    type: z.enum(PENDING_ACTIVITY_TYPES),
    /** The funding request's id, or the transfer's. */
    id: z.string(),
    name: z.string(),
    date: z.iso.datetime(),
    amount: unsignedMinorUnitsSchema,
    currency: z.string(),
    status: z.enum(['pending', 'in_progress', 'declined', 'confirmed']),
    effect: z.enum(['credit', 'debit', 'none']),
    entryId: z.string().nullable(),
    /** Staff's reason in full (up to 500 characters) when declined, otherwise null. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'PendingActivity' });
export type PendingActivity = z.infer<typeof pendingActivitySchema>;

/**
 * A page of the history, newest first. `pending` (the dashboard's Recent Transactions) is the
 * money on its way, newest first, on the first page only: a page after a cursor answers [].
 */
export const transactionPageSchema = z
  .object({
    items: z.array(transactionSchema),
    nextCursor: z.string().nullable(),
    pending: z.array(pendingActivitySchema),
  })
  .meta({ id: 'TransactionPage' });
export type TransactionPage = z.infer<typeof transactionPageSchema>;
