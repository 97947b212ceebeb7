import { z } from 'zod';
import { openProposalSchema } from './dual-control.js';
import { unsignedMinorUnitsSchema, positiveDecimalAmountSchema } from './money.js';
import { transactionPinSchema } from './pin.js';
import { queueAmountShape, queuePageShape, queueSearchShape } from './queues.js';
import { textSchema } from './text.js';

/**
 * Bank transfers (spec section 2 "send", section 4 "Transfer flow", section 5 "Transfer
 * confirm"; PRODUCT.md "Transaction PIN", "Transfer authorization code", "Bank transfer").
 *
 * The server holds each transfer as a state machine, one step per call, none skippable:
 * created (draft) -> confirmed (the customer saw the server's charge) -> PIN verified ->
 * [code verified, when the risk rules ask for the emailed code] -> submitted. A submitted
 * transfer is in progress (sent out, waiting for staff), successful, failed (refunded), or
 * cancelled by its customer while staff had not sent it (refunded at once).
 */

export const TRANSFER_STAGES = [
  'draft',
  'confirmed',
  'pin_verified',
  'code_verified',
  'submitted',
] as const;
export type TransferStage = (typeof TRANSFER_STAGES)[number];

/**
 * A submitted transfer's status, as the spec's Transaction status, and `cancelled`: its customer
 * cancelled it before staff sent it, and the amount and the charge came back at once.
 */
export const TRANSFER_STATUSES = ['in_progress', 'successful', 'failed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Spec texts of the flow. */
export const TRANSFER_SUCCESS = 'Successful! Await Confirmation';
export const TRANSFER_CODE_REQUIRED = 'Transfer Authorization Code is required';

/**
 * Why a transfer's emailed code was asked for (PRODUCT.md): an amount at or above the plan's
 * step-up threshold, a payee never paid before, the day's total above the threshold.
 */
export const TRANSFER_CODE_REASONS = ['large_amount', 'new_beneficiary', 'daily_total'] as const;
export type TransferCodeReason = (typeof TRANSFER_CODE_REASONS)[number];
export const isTransferCodeReason = (reason: string): reason is TransferCodeReason =>
  (TRANSFER_CODE_REASONS as readonly string[]).includes(reason);
export const INSUFFICIENT_BALANCE = 'Insufficient balance';
/** Spec section 8: a network failure at PIN confirm (spelling fixed, as PRODUCT.md asks). */
export const PIN_NETWORK_ERROR = 'An error has Occurred.';

/** A started transfer that is not submitted within this time must be started again. */
export const TRANSFER_FLOW_TTL_MS = 30 * 60_000;

/** SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 letters or digits, optional branch of 3. */
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const required = (message: string) => textSchema().trim().min(1, message);

// Line breaks, tabs, and the invisible characters that reorder or hide text (zero-width,
// bidirectional controls, byte-order mark): never in a name staff read to send money.
const NOT_ONE_LINE = /[\t\r\n\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;

/** True for a name written on one line with visible characters only. */
export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** A name field: required, one line, visible characters, stored in one Unicode form (NFC). */
export const nameField = (message: string, max: number) =>
  required(message)
    .max(max, `Use at most ${max} characters`)
    .refine(isOneLine, 'Use one line of ordinary letters, digits and punctuation')
    .transform((v) => v.normalize('NFC'));

/** Folds spaces and dashes out and letters up, as account numbers and IBANs are compared. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The server's answer to a check of a payee at this bank (payees.ts), sent back with the
 * transfer: it settles the holder's name on the server, so that a customer who confirmed the
 * masked name can pay without knowing how the holder's name is spelt in full.
 */
export const payeeTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,1200}\.[A-Za-z0-9_-]{43}$/, 'Check the payee again');

/**
 * The send form (spec "Bank transfer payload": bank, swift, currency, routing, country, act_no,
 * act_hold_name, amount, note), every field required. The country is checked against the ISO
 * list on the server; the currency must be the account's. To a customer of this bank, the
 * payee check's token comes too (`payeeToken`), and the holder name is the one it confirmed.
 */
export const transferDetailsSchema = z
  .strictObject({
    bank: nameField('Enter the bank name', 100),
    swift: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, 'Enter the SWIFT/BIC code')
      .regex(
        SWIFT_PATTERN,
        'A SWIFT/BIC code has 8 or 11 characters, the first 6 letters, like DEUTDEFF',
      ),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Choose the currency'),
    routing: required('Enter the routing number').regex(
      /^[A-Za-z0-9 -]{3,20}$/,
      'A routing number has 3 to 20 letters or digits',
    ),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose the country from the list'),
    accountNumber: required('Enter the account number')
      .transform(normalizeAccountNumber)
      .pipe(
        z
          .string()
          .regex(/^[A-Z0-9]{4,34}$/, 'An account number or IBAN has 4 to 34 letters and digits'),
      ),
    accountHolderName: nameField('Enter the account holder name', 100).refine(
      (v) => v.length >= 2,
      'Enter the account holder name',
    ),
    amount: positiveDecimalAmountSchema,
    note: nameField('Enter a note for the recipient', 140),
    /** Keep these details as a beneficiary once the transfer is submitted. */
    saveBeneficiary: z.boolean().default(false),
    /** To a customer of this bank: the token of the payee check the customer confirmed. */
    payeeToken: payeeTokenSchema.optional(),
  })
  .meta({ id: 'TransferFields' });
export type TransferDetailsInput = z.input<typeof transferDetailsSchema>;
export type TransferDetails = z.output<typeof transferDetailsSchema>;

/** What the server computed and how far the flow is: the confirm page reads this. */
export const transferSchema = z
  .object({
    id: z.string(),
    stage: z.enum(TRANSFER_STAGES),
    /** Null until submitted. */
    status: z.enum(TRANSFER_STATUSES).nullable(),
    bank: z.string(),
    swift: z.string(),
    currency: z.string(),
    routing: z.string(),
    country: z.string(),
    accountNumber: z.string(),
    accountHolderName: z.string(),
    note: z.string(),
    saveBeneficiary: z.boolean(),
    /** To an account of this bank: settles at once, no staff step. */
    internal: z.boolean(),
    /** The PIN was accepted and the emailed code is still to be entered (a page reloaded). */
    awaitingCode: z.boolean(),
    amount: unsignedMinorUnitsSchema,
    /** The service charge: the plan's percent of the amount (10 % when none). */
    fee: unsignedMinorUnitsSchema,
    /** Basis points (1000 = 10 %). */
    feeRateBp: z.number().int(),
    /** Amount minus fee: what the recipient gets. */
    amountReceived: unsignedMinorUnitsSchema,
    /** The available balance now, for the confirm page's "Insufficient balance". */
    availableBalance: unsignedMinorUnitsSchema,
    sufficientBalance: z.boolean(),
    /** Staff's reference once successful; the reason once failed. */
    reference: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    submittedAt: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    /** After this, a transfer not yet submitted must be started again. */
    expiresAt: z.iso.datetime(),
    /**
     * To a customer of this bank paid by account number: the name the customer typed and how it
     * compared with the holder's (the holder name above is the masked one they confirmed). The
     * server always says; null (or absent) for any other transfer.
     */
    payeeCheck: z
      .object({ typedName: z.string(), match: z.enum(['match', 'close_match', 'no_match']) })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof transferSchema>;

/**
 * What the send form needs before anything is typed: the plan's charge (for another bank; none
 * inside this bank), what is left of the day's limit, the balance, and this bank's own details,
 * which fill the spec's fields of a payment to one of its customers (null until staff set them).
 */
export const transferTermsSchema = z
  .object({
    currency: z.string(),
    planName: z.string(),
    /** The plan's charge on a transfer to another bank, in basis points (1000 = 10 %). */
    serviceChargeBp: z.number().int(),
    /** The charge on a transfer to a customer of this bank (none). */
    internalServiceChargeBp: z.number().int(),
    minimumAmount: unsignedMinorUnitsSchema,
    dailyTransferLimit: unsignedMinorUnitsSchema,
    /** Submitted, not failed, since midnight UTC. */
    sentToday: unsignedMinorUnitsSchema,
    leftToday: unsignedMinorUnitsSchema,
    availableBalance: unsignedMinorUnitsSchema,
    bank: z
      .object({ name: z.string(), swift: z.string(), routing: z.string(), country: z.string() })
      .nullable(),
  })
  .meta({ id: 'TransferTerms' });
export type TransferTerms = z.infer<typeof transferTermsSchema>;

export const transferListSchema = z
  .object({ items: z.array(transferSchema) })
  .meta({ id: 'TransferList' });

export const transferPinSchema = z
  .strictObject({ pin: transactionPinSchema })
  .meta({ id: 'TransferPin' });

export const transferCodeSchema = z
  .strictObject({ code: z.string().regex(/^\d{4}$/, 'Enter the 4-digit code') })
  .meta({ id: 'TransferCode' });

/**
 * The answer of each step after confirm: `code` when the emailed code is needed next (the
 * spec's requiresanother: head, body, and where it went), `ready` when the transfer can be
 * submitted, `done` once it was (the spec's "Successful! Await Confirmation").
 */
export const transferStepSchema = z
  .discriminatedUnion('next', [
    z.object({
      next: z.literal('code'),
      head: z.string(),
      body: z.string(),
      /**
       * The masked address the code went to; null when none was sent: a customer with a passkey
       * is offered it first, and the code is emailed only when they ask (the resend route).
       */
      sentTo: z.string().nullable(),
      /** Why the code was asked for, the one-line "why" of the code step. */
      reasons: z.array(z.enum(TRANSFER_CODE_REASONS)),
      /** The customer has a passkey: they may approve with it instead of the code. */
      passkey: z.boolean(),
      transfer: transferSchema,
    }),
    z.object({ next: z.literal('ready'), transfer: transferSchema }),
    z.object({ next: z.literal('done'), transfer: transferSchema }),
  ])
  .meta({ id: 'TransferStep' });
export type TransferStep = z.infer<typeof transferStepSchema>;

/**
 * A refusal the customer reads in the notice dialog (spec trx_notif: title and body, "Okay"):
 * sent as the problem's `notice` for limits, restrictions and the like.
 */
export const transferNoticeSchema = z.object({ title: z.string(), body: z.string() });
export type TransferNotice = z.infer<typeof transferNoticeSchema>;

// -----------------------------------------------------------------------------------------
// Beneficiaries: saved from a submitted transfer, picked in the send form.

export const beneficiarySchema = z
  .object({
    id: z.string(),
    bank: z.string(),
    swift: z.string(),
    currency: z.string(),
    routing: z.string(),
    country: z.string(),
    accountNumber: z.string(),
    accountHolderName: z.string(),
    /** When money last went to these details (submitted, not failed); null if never. */
    lastPaidAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Beneficiary' });
export type Beneficiary = z.infer<typeof beneficiarySchema>;

export const beneficiaryListSchema = z
  .object({ items: z.array(beneficiarySchema) })
  .meta({ id: 'BeneficiaryList' });

// -----------------------------------------------------------------------------------------
// Staff (transfers.process): the outgoing queue, decided once.

/** A tab of the queue: in progress oldest first, decided newest decision first; with search. */
export const staffTransferQueueQuerySchema = z.object({
  status: z.enum(TRANSFER_STATUSES).default('in_progress'),
  ...queueSearchShape,
  /** The amount sent (before the service charge). */
  ...queueAmountShape,
});
export type StaffTransferQueueQuery = z.output<typeof staffTransferQueueQuerySchema>;

export const staffTransferSchema = transferSchema
  .omit({
    availableBalance: true,
    sufficientBalance: true,
    saveBeneficiary: true,
    expiresAt: true,
    awaitingCode: true,
    payeeCheck: true,
  })
  .extend({
    customer: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      accountNumber: z.string(),
    }),
    /** The staff member who decided, by name. */
    decidedBy: z.string().nullable(),
    /** A refund ("failed") proposed and waiting for a second person (still in progress). */
    proposal: openProposalSchema.nullable(),
  })
  .meta({ id: 'StaffTransfer' });
export type StaffTransfer = z.infer<typeof staffTransferSchema>;

/** One transfer under review: with the threshold from which its refund needs two people. */
export const staffTransferDetailSchema = staffTransferSchema
  .extend({
    dualControlThreshold: unsignedMinorUnitsSchema,
    /**
     * What authorized it: when the PIN was checked, and the step-up when one was needed (the
     * emailed code, or a passkey by the name its owner gave it: decision 33).
     */
    authorization: z.object({
      pinAt: z.iso.datetime().nullable(),
      stepUp: z
        .object({
          method: z.enum(['code', 'passkey']),
          at: z.iso.datetime(),
          passkey: z.string().nullable(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'StaffTransferDetail' });
export type StaffTransferDetail = z.infer<typeof staffTransferDetailSchema>;

export const staffTransferQueueSchema = z
  .object({ items: z.array(staffTransferSchema), ...queuePageShape })
  .meta({ id: 'StaffTransferQueue' });

export const completeTransferSchema = z
  .strictObject({
    reference: textSchema()
      .trim()
      .min(3, 'Enter the reference of the payment as sent')
      .max(100, 'Use at most 100 characters'),
  })
  .meta({ id: 'CompleteTransfer' });

export const failTransferSchema = z
  .strictObject({
    reason: textSchema()
      .trim()
      .min(3, 'Give the customer a reason')
      .max(500, 'Use at most 500 characters'),
  })
  .meta({ id: 'FailTransfer' });
