import { z } from 'zod';
import { APPROVAL_STATUSES } from './approvals.js';
import { formatMoney } from './money.js';
import { textSchema } from './text.js';

/**
 * Manual ledger adjustments (maker-checker): one staff member proposes a credit or a debit to a
 * customer's current account or to one of the bank's own accounts, with a reason and an
 * evidence file; a different one approves it under Approvals, and only then is the entry
 * posted, against the bank's manual-adjustments account.
 */

export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** Where an adjustment lands: a customer's account (by number) or one of the bank's own. */
export const ADJUSTMENT_TARGETS = ['customer', 'internal'] as const;
export type AdjustmentTarget = (typeof ADJUSTMENT_TARGETS)[number];

/** The bank's own accounts an adjustment may name (never the adjustments account itself). */
export const ADJUSTABLE_INTERNAL_KINDS = [
  'suspense',
  'fee_income',
  'interest_expense',
  'crypto_deposit_clearing',
  'outgoing_transfer_clearing',
] as const;
export type AdjustableInternalKind = (typeof ADJUSTABLE_INTERNAL_KINDS)[number];

/** The most one adjustment may move: 10,000,000.00 in minor units. Larger needs several. */
export const ADJUSTMENT_MAX_MINOR = 1_000_000_000n;
/** The evidence file: a picture or a PDF, at most this large. */
export const ADJUSTMENT_EVIDENCE_MAX_BYTES = 8 * 1024 * 1024;

const amountSchema = z
  .string({ error: 'Enter the amount' })
  .trim()
  .regex(/^[1-9]\d{0,17}$/, 'Enter an amount greater than zero, in minor units')
  .transform((v) => BigInt(v))
  .refine(
    (v) => v <= ADJUSTMENT_MAX_MINOR,
    `One adjustment moves at most ${formatMoney(ADJUSTMENT_MAX_MINOR, 'USD').replace('$', '')}: split a larger one`,
  );

/**
 * The proposal's fields, as the multipart form sends them (the evidence is the file `evidence`):
 * a customer's account number, or an internal account's kind.
 */
export const adjustmentFieldsSchema = z
  .strictObject({
    target: z.enum(ADJUSTMENT_TARGETS, { error: 'Choose a customer account or a bank account' }),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'An account number is 10 digits')
      .optional(),
    internalAccount: z
      .enum(ADJUSTABLE_INTERNAL_KINDS, { error: 'Choose one of the bank accounts listed' })
      .optional(),
    direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'Choose credit or debit' }),
    amount: amountSchema,
    reason: textSchema()
      .trim()
      .min(10, 'Say why, in at least 10 characters, for the person who checks it')
      .max(500, 'At most 500 characters'),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'customer' && v.accountNumber === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: "Enter the customer's account number",
      });
    }
    if (v.target === 'internal' && v.internalAccount === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['internalAccount'],
        message: 'Choose one of the bank accounts listed',
      });
    }
  });
export type AdjustmentFields = z.input<typeof adjustmentFieldsSchema>;

export const adjustmentProposedSchema = z
  .object({
    approvalId: z.string(),
    /** Pending when new; a repeat answers how the first one stands now. */
    status: z.enum(APPROVAL_STATUSES),
    /** What it does, in one line: "Credit $125.00 to Ama Mensah, account 4000000017". */
    summary: z.string(),
    message: z.string(),
    /** True when this Idempotency-Key had already proposed it: nothing new was written. */
    replayed: z.boolean(),
  })
  .meta({ id: 'AdjustmentProposed' });
export type AdjustmentProposed = z.infer<typeof adjustmentProposedSchema>;

/** The bank's accounts an adjustment may name, for the form. */
export const adjustableAccountsSchema = z
  .object({
    currency: z.string(),
    items: z.array(
      z.object({
        kind: z.enum(ADJUSTABLE_INTERNAL_KINDS),
        label: z.string(),
        accountNumber: z.string(),
        balance: z.string(),
      }),
    ),
    maxAmount: z.string(),
    evidenceMaxBytes: z.number().int(),
  })
  .meta({ id: 'AdjustableAccounts' });
export type AdjustableAccounts = z.infer<typeof adjustableAccountsSchema>;
