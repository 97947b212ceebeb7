import { z } from 'zod';
import { cryptoRateSchema } from './crypto-rate.js';
import { decisionAmountSchema, openProposalSchema } from './dual-control.js';
import { documentTypeNameSchema } from './catalog.js';
import {
  positiveDecimalAmountSchema,
  positiveMinorUnitsSchema,
  unsignedMinorUnitsSchema,
} from './money.js';
import { transactionPinSchema } from './pin.js';
import { queueAmountShape, queuePageShape, queueSearchShape } from './queues.js';
import { textSchema } from './text.js';

/**
 * Funding and products (spec section 2: Add funds, Make payment, Fixed deposit, Upgrade).
 *
 * Amounts a customer types travel as they typed them ("150.25", read by decimalAmountSchema);
 * every other amount, staff's catalog amounts included, is minor units as a string of digits.
 * Rates and service charges are basis points (525 = 5.25 %).
 */

/** A catalog entry's name: the document-type rules (2 to 60 visible characters, folded quotes). */
export const catalogNameSchema = documentTypeNameSchema;

const id = z.string().regex(/^[1-9]\d{0,18}$/, 'Choose from the list');

/** A wallet address as staff paste it: letters, digits and : . _ - only (10 to 200). */
export const cryptoAddressSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9:._-]{10,200}$/, 'Paste the address: 10 to 200 letters and digits');

const optionalText = (max: number, message: string) =>
  textSchema()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------------------------
// The catalog, as staff keep it (catalog.manage). Every entry can be added, edited and retired;
// a retired entry stays for the requests that name it and is never offered in a form.

export const cryptoTypeInputSchema = z
  .strictObject({
    name: catalogNameSchema,
    address: cryptoAddressSchema,
    /** A network label shown with the address (e.g. "TRC-20"). */
    network: optionalText(40, 'Use at most 40 characters'),
    /** A second address (the spec's addresses2), e.g. for another network. */
    address2: cryptoAddressSchema.nullish().transform((v) => v ?? null),
  })
  .meta({ id: 'CryptoTypeFields' });
export type CryptoTypeInput = z.output<typeof cryptoTypeInputSchema>;

const catalogEntry = {
  id: z.string(),
  name: z.string(),
  /** Offered in customers' forms; false once retired. */
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

export const cryptoTypeSchema = z
  .object({
    ...catalogEntry,
    address: z.string(),
    network: z.string().nullable(),
    address2: z.string().nullable(),
    /** What one coin is worth, set by staff with its time (decision 27); null: not set. */
    rate: cryptoRateSchema.nullable(),
    /** The bank's currency, that the rate is in. */
    currency: z.string(),
  })
  .meta({ id: 'CryptoType' });
export type CryptoType = z.infer<typeof cryptoTypeSchema>;

export const paymentPurposeInputSchema = z
  .strictObject({ name: catalogNameSchema })
  .meta({ id: 'PaymentPurposeFields' });

export const paymentPurposeSchema = z.object(catalogEntry).meta({ id: 'PaymentPurpose' });
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

const isMinorUnits = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{1,18}$/.test(value);

export const TERM_UNITS = ['days', 'months'] as const;
export type TermUnit = (typeof TERM_UNITS)[number];

export const fixedDepositPlanInputSchema = z
  .strictObject({
    name: catalogNameSchema,
    termCount: z.int('Enter a whole number').min(1, 'At least 1').max(3660, 'At most 3660'),
    termUnit: z.enum(TERM_UNITS),
    /** Annual rate in basis points: 525 is 5.25 % a year. */
    annualRateBp: z
      .int('Enter the rate with at most two decimals')
      .min(1, 'The rate must be more than 0 %')
      .max(10000, 'The rate is at most 100 %'),
    minAmount: positiveMinorUnitsSchema,
    maxAmount: positiveMinorUnitsSchema.nullish().transform((v) => v ?? null),
  })
  .refine((p) => p.termUnit === 'days' || p.termCount <= 120, {
    message: 'At most 120 months',
    path: ['termCount'],
  })
  // Runs even when an amount was refused above, so it compares only amounts that are digits.
  .refine(
    (p) =>
      p.maxAmount === null ||
      !isMinorUnits(p.minAmount) ||
      !isMinorUnits(p.maxAmount) ||
      BigInt(p.maxAmount) >= BigInt(p.minAmount),
    { message: 'The largest amount is below the smallest', path: ['maxAmount'] },
  )
  .meta({ id: 'FixedDepositPlanFields' });
export type FixedDepositPlanInput = z.output<typeof fixedDepositPlanInputSchema>;

const fixedDepositPlanTerms = {
  termCount: z.number(),
  termUnit: z.enum(TERM_UNITS),
  annualRateBp: z.number(),
  minAmount: unsignedMinorUnitsSchema,
  maxAmount: unsignedMinorUnitsSchema.nullable(),
};

/** The bank's currency, that a plan's amounts are in (staff pages show them as money). */
const amountsIn = { currency: z.string() };

export const fixedDepositPlanSchema = z
  .object({ ...catalogEntry, ...fixedDepositPlanTerms, ...amountsIn })
  .meta({ id: 'FixedDepositPlan' });
export type FixedDepositPlan = z.infer<typeof fixedDepositPlanSchema>;

export const accountPlanInputSchema = z
  .strictObject({
    name: catalogNameSchema,
    /** Service charge on outgoing transfers, basis points (1000 = 10 %). */
    serviceChargeBp: z
      .int('Enter the percent with at most two decimals')
      .min(0, 'At least 0 %')
      .max(10000, 'At most 100 %'),
    dailyTransferLimit: positiveMinorUnitsSchema,
    /** A transfer at or above this needs the emailed authorization code. */
    stepUpThreshold: positiveMinorUnitsSchema,
    /** What the upgrade to this plan costs (0: free). */
    price: unsignedMinorUnitsSchema.max(18, 'That amount is too large'),
  })
  .meta({ id: 'AccountPlanFields' });
export type AccountPlanInput = z.output<typeof accountPlanInputSchema>;

const accountPlanTerms = {
  serviceChargeBp: z.number(),
  dailyTransferLimit: unsignedMinorUnitsSchema,
  stepUpThreshold: unsignedMinorUnitsSchema,
  price: unsignedMinorUnitsSchema,
  /** The plan every customer is on until they upgrade; it cannot be retired. */
  isDefault: z.boolean(),
};

export const accountPlanSchema = z
  .object({ ...catalogEntry, ...accountPlanTerms, ...amountsIn })
  .meta({ id: 'AccountPlan' });
export type AccountPlan = z.infer<typeof accountPlanSchema>;

/** The bank's own details for receiving money (add-funds/it); null when not set. */
export const institutionDetailsInputSchema = z
  .strictObject({
    swiftCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'A SWIFT/BIC code has 8 or 11 characters')
      .nullable(),
    routingNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, 'A routing number has 9 digits')
      .nullable(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Choose a country from the list')
      .nullable(),
    /**
     * The bank's postal address, printed on statements and receipts (one line each); left out:
     * unchanged.
     */
    postalAddress: textSchema()
      .transform((v) =>
        v
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .join('\n'),
      )
      .pipe(
        z
          .string()
          .min(5, 'Enter the postal address, or leave it empty')
          .max(300, 'Use at most 300 characters'),
      )
      .nullable()
      .optional(),
  })
  .meta({ id: 'InstitutionDetailsFields' });

export const institutionDetailsSchema = z
  .object({
    swiftCode: z.string().nullable(),
    routingNumber: z.string().nullable(),
    country: z.string().nullable(),
    /** Printed on statements and receipts; null until staff set it. */
    postalAddress: z.string().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'InstitutionDetails' });
export type InstitutionDetails = z.infer<typeof institutionDetailsSchema>;

const listOf = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item) }).meta({ id: name });
export const cryptoTypeListSchema = listOf(cryptoTypeSchema, 'CryptoTypeList');
export const paymentPurposeListSchema = listOf(paymentPurposeSchema, 'PaymentPurposeList');
export const fixedDepositPlanListSchema = listOf(fixedDepositPlanSchema, 'FixedDepositPlanList');
export const accountPlanListSchema = listOf(accountPlanSchema, 'AccountPlanList');

// ---------------------------------------------------------------------------------------------
// The customer's side.

/** Add funds (add-funds/it, "Your Details"): where to send money from elsewhere. */
export const receiveDetailsSchema = z
  .object({
    username: z.string().nullable(),
    accountNumber: z.string().nullable(),
    swiftCode: z.string().nullable(),
    routingNumber: z.string().nullable(),
    /** ISO 3166 alpha-2. */
    country: z.string().nullable(),
  })
  .meta({ id: 'ReceiveDetails' });
export type ReceiveDetails = z.infer<typeof receiveDetailsSchema>;

/**
 * What the four crypto forms offer (getcdform, getmpcform, getfdcform, getupgradeform): only
 * entries staff have not retired, and the customer's current plan.
 */
export const fundingFormsSchema = z
  .object({
    currency: z.string(),
    cryptoTypes: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        address: z.string(),
        network: z.string().nullable(),
        address2: z.string().nullable(),
        /** The coin's price in the bank's currency, when staff set one: the form says how much to send. */
        rate: cryptoRateSchema.nullable(),
      }),
    ),
    purposes: z.array(z.object({ id: z.string(), name: z.string() })),
    fixedDepositPlans: z.array(
      z.object({ id: z.string(), name: z.string(), ...fixedDepositPlanTerms }),
    ),
    accountPlans: z.array(z.object({ id: z.string(), name: z.string(), ...accountPlanTerms })),
    currentPlanId: z.string(),
  })
  .meta({ id: 'FundingForms' });
export type FundingForms = z.infer<typeof fundingFormsSchema>;

export const FUNDING_KINDS = ['deposit', 'payment', 'fixed_deposit', 'upgrade'] as const;
export type FundingKind = (typeof FUNDING_KINDS)[number];
export const FUNDING_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];
/** How a request is paid: crypto with a proof (staff confirm it), or the available balance (at once). */
export const FUNDING_PAID_FROM = ['crypto', 'balance'] as const;
export type FundingPaidFrom = (typeof FUNDING_PAID_FROM)[number];

/** The Type of a request paid from the balance, where a crypto one names its coin. */
export const PAID_FROM_BALANCE_LABEL = 'Account balance';

/**
 * The id (hash) of the payment on its network, as the customer's wallet shows it: 16 to 128
 * letters and digits (hex hashes of Bitcoin, Ethereum and Tron, with or without 0x; base58 and
 * base32 ids). Optional beside the proof picture (decision 27).
 */
export const transactionIdSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9]{16,128}$/,
    'Paste the transaction id from your wallet: 16 to 128 letters and digits, no spaces',
  );

/** Left empty (or not sent), no transaction id. */
export const optionalTransactionIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  transactionIdSchema.optional(),
);

/** The text fields of a crypto request form (multipart, with its proof file). */
const requestFields = {
  /** The crypto type's id (the spec's `type`). */
  type: id,
  amount: positiveDecimalAmountSchema,
  /** The payment's transaction id (hash), beside the proof; optional. */
  transactionId: optionalTransactionIdSchema,
};
export const depositRequestFieldsSchema = z.strictObject(requestFields);
export const paymentRequestFieldsSchema = z.strictObject({ ...requestFields, purpose: id });
export const fixedDepositRequestFieldsSchema = z.strictObject({ ...requestFields, plan: id });
export const upgradeRequestFieldsSchema = z.strictObject({
  ...requestFields,
  plan: z.string().regex(/^[1-9]\d{0,18}$/, 'Choose a plan'),
});

/** A request as its customer sees it: its true status, and the staff decision once made. */
export const fundingRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FUNDING_KINDS),
    paidFrom: z.enum(FUNDING_PAID_FROM),
    /** The crypto type's name (the spec's Type column); "Account balance" when paid from it. */
    type: z.string(),
    /** The purpose (payment) or the plan (fixed deposit, upgrade); null for a deposit. */
    subject: z.string().nullable(),
    claimedAmount: unsignedMinorUnitsSchema,
    /** What staff confirmed was received (may differ from the claim); null until confirmed. */
    receivedAmount: unsignedMinorUnitsSchema.nullable(),
    currency: z.string(),
    status: z.enum(FUNDING_STATUSES),
    declineReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'FundingRequest' });
export type FundingRequest = z.infer<typeof fundingRequestSchema>;

export const fundingRequestListSchema = z
  .object({ items: z.array(fundingRequestSchema) })
  .meta({ id: 'FundingRequestList' });

export const fundingRequestQuerySchema = z.object({ kind: z.enum(FUNDING_KINDS) });

/** The answer to a request: the spec's icon success ("Payment Pending!"), with the row. */
export const fundingRequestCreatedSchema = z
  .object({ status: z.literal('pending'), request: fundingRequestSchema })
  .meta({ id: 'FundingRequestCreated' });

/** The client's key for one attempt: a retried request (same key) never pays twice. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not an idempotency key');

/**
 * A payment to the bank from the available balance (beyond the spec: PRODUCT.md), one ledger
 * entry at once, authorized by the transaction PIN as a transfer is (decision 27).
 */
export const paymentFromBalanceSchema = z
  .strictObject({
    purpose: id,
    amount: positiveDecimalAmountSchema,
    idempotencyKey: idempotencyKeySchema,
    pin: transactionPinSchema,
  })
  .meta({ id: 'PaymentFromBalance' });

/**
 * An upgrade paid from the available balance: `amount` is the plan's price as the customer saw
 * it (refused if the price is not that any more); the plan applies at once.
 */
export const upgradeFromBalanceSchema = z
  .strictObject({
    plan: z.string().regex(/^[1-9]\d{0,18}$/, 'Choose a plan'),
    amount: positiveDecimalAmountSchema,
    idempotencyKey: idempotencyKeySchema,
    pin: transactionPinSchema,
  })
  .meta({ id: 'UpgradeFromBalance' });

/** The answer to a payment from the balance: done (confirmed), with the row. */
export const fundingPaidSchema = z
  .object({ status: z.literal('confirmed'), request: fundingRequestSchema })
  .meta({ id: 'FundingPaid' });

/** Proof uploads: the spec's hint is SVG, PNG, JPG or GIF; an SVG is rasterized on intake. */
export const PROOF_MAX_FILE_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Fixed deposits.

export const fixedDepositSchema = z
  .object({
    id: z.string(),
    planName: z.string(),
    annualRateBp: z.number(),
    principal: unsignedMinorUnitsSchema,
    /** Interest accrued so far (paid in at maturity). */
    accrued: unsignedMinorUnitsSchema,
    interestAtMaturity: unsignedMinorUnitsSchema,
    currency: z.string(),
    /** YYYY-MM-DD. */
    startDate: z.string(),
    maturityDate: z.string(),
    termDays: z.number(),
    status: z.enum(['active', 'matured']),
    fundedBy: z.enum(['balance', 'crypto']),
    accountNumber: z.string(),
  })
  .meta({ id: 'FixedDeposit' });
export type FixedDeposit = z.infer<typeof fixedDepositSchema>;

export const fixedDepositListSchema = z
  .object({ items: z.array(fixedDepositSchema) })
  .meta({ id: 'FixedDepositList' });

/** What a plan pays for an amount, by the server's rule (the form shows it as it is typed). */
export const fixedDepositQuoteQuerySchema = z.object({
  plan: id,
  amount: positiveDecimalAmountSchema,
});
export const fixedDepositQuoteSchema = z
  .object({
    principal: unsignedMinorUnitsSchema,
    annualRateBp: z.number(),
    termDays: z.number(),
    startDate: z.string(),
    maturityDate: z.string(),
    interest: unsignedMinorUnitsSchema,
    total: unsignedMinorUnitsSchema,
    currency: z.string(),
  })
  .meta({ id: 'FixedDepositQuote' });
export type FixedDepositQuote = z.infer<typeof fixedDepositQuoteSchema>;

/**
 * A fixed deposit funded from the available balance (beyond the spec: PRODUCT.md), authorized
 * by the transaction PIN.
 */
export const newFixedDepositSchema = z
  .strictObject({
    plan: id,
    amount: positiveDecimalAmountSchema,
    /** The client's key for this attempt: a retried request never opens two deposits. */
    idempotencyKey: idempotencyKeySchema,
    pin: transactionPinSchema,
  })
  .meta({ id: 'NewFixedDeposit' });

// ---------------------------------------------------------------------------------------------
// Staff: the funding review queue (funding.review).

export const staffFundingItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FUNDING_KINDS),
  paidFrom: z.enum(FUNDING_PAID_FROM),
  type: z.string(),
  /** The transaction id (hash) the customer gave beside the proof, if any. */
  transactionId: z.string().nullable(),
  subject: z.string().nullable(),
  claimedAmount: unsignedMinorUnitsSchema,
  currency: z.string(),
  status: z.enum(FUNDING_STATUSES),
  createdAt: z.iso.datetime(),
  customer: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
  }),
  /** The decision, once made: what arrived (confirmed) or why not (declined), by whom, when. */
  receivedAmount: unsignedMinorUnitsSchema.nullable(),
  declineReason: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** The staff member who decided, by name. */
  decidedBy: z.string().nullable(),
  /**
   * Other requests that gave the same transaction id, in any case (a payment claimed twice?),
   * oldest first, at most 20.
   */
  sameTransactionIdOn: z.array(z.string()),
  /** A confirmation proposed and waiting for a second person (the request stays pending). */
  proposal: openProposalSchema.nullable(),
});
export type StaffFundingItem = z.infer<typeof staffFundingItemSchema>;

export const staffFundingQueueSchema = z
  .object({ items: z.array(staffFundingItemSchema), ...queuePageShape })
  .meta({ id: 'StaffFundingQueue' });

/** A tab of the queue: waiting oldest first, decided newest decision first; with search. */
export const staffFundingQueueQuerySchema = z.object({
  status: z.enum(FUNDING_STATUSES).default('pending'),
  kind: z.enum(FUNDING_KINDS).optional(),
  ...queueSearchShape,
  /** Also a transaction id (hash) a customer gave, whole: up to 128 characters. */
  q: textSchema().trim().min(1).max(128).optional(),
  /** The amount claimed, or received once confirmed. */
  ...queueAmountShape,
});
export type StaffFundingQueueQuery = z.output<typeof staffFundingQueueQuerySchema>;

export const staffFundingRequestSchema = staffFundingItemSchema
  .extend({
    /** Where the customer paid; null when paid from the balance (no address, no proof). */
    payToAddress: z.string().nullable(),
    network: z.string().nullable(),
    proofMime: z.string().nullable(),
    /**
     * How much of the coin the claim was at the rate staff had set when the customer asked: the
     * coin amount ("0.0123 BTC"), the price of one coin, and when that rate was set.
     */
    coinQuote: z
      .object({ amount: z.string(), perCoin: z.string(), setAt: z.iso.datetime() })
      .nullable(),
    /** Fixed deposits and upgrades: the plan's terms now, to check the amount against. */
    planTerms: z.string().nullable(),
    /** Confirmations of at least this much (minor units), or above the claim, need two people. */
    dualControlThreshold: unsignedMinorUnitsSchema,
  })
  .meta({ id: 'StaffFundingRequest' });
export type StaffFundingRequest = z.infer<typeof staffFundingRequestSchema>;

/**
 * Confirm with what actually arrived (minor units, at most 100,000,000.00); it may differ from
 * the claim. At or above the dual-control threshold, or above the claim, it becomes a proposal.
 */
export const confirmFundingSchema = z
  .strictObject({ receivedAmount: decisionAmountSchema })
  .meta({ id: 'ConfirmFunding' });

export const declineFundingSchema = z
  .strictObject({ reason: textSchema().trim().min(3, 'Give the customer a reason').max(500) })
  .meta({ id: 'DeclineFunding' });

// ---------------------------------------------------------------------------------------------
// Two people for the catalog entries that decide where money goes or what it costs (decision
// 21): crypto types (the addresses customers pay to), fixed-deposit and account plans (their
// rates, charges, limits and prices) and the institution details. A change by one staff member
// is a proposal; another approves it under Approvals, and only then do customers see it.

/** The catalog lists whose changes wait for a second person. */
export const DUAL_CONTROL_SECTIONS = [
  'crypto-types',
  'fixed-deposit-plans',
  'account-plans',
  'institution',
] as const;
export type DualControlSection = (typeof DUAL_CONTROL_SECTIONS)[number];

/** The answer to a change that now waits for a second person (202). */
export const catalogProposalSchema = z
  .object({ approvalId: z.string(), message: z.string() })
  .meta({ id: 'CatalogProposal' });
export type CatalogProposal = z.infer<typeof catalogProposalSchema>;

/** A catalog change waiting for a second person, as the catalog pages show it. */
export const pendingCatalogChangeSchema = z
  .object({
    approvalId: z.string(),
    section: z.enum(DUAL_CONTROL_SECTIONS),
    /** The entry it changes; null for an addition (and for the institution details). */
    entryId: z.string().nullable(),
    action: z.enum(['add', 'edit', 'retire', 'restore', 'update']),
    summary: z.string(),
    /** What approving it does, "before → after", line by line. */
    details: z.array(z.object({ label: z.string(), value: z.string() })),
    proposedBy: z.string(),
    proposedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    /** The viewer proposed it (someone else must approve it). */
    mine: z.boolean(),
  })
  .meta({ id: 'PendingCatalogChange' });
export type PendingCatalogChange = z.infer<typeof pendingCatalogChangeSchema>;

export const pendingCatalogChangeListSchema = z
  .object({ items: z.array(pendingCatalogChangeSchema) })
  .meta({ id: 'PendingCatalogChangeList' });
