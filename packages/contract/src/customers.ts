import { z } from 'zod';
import { transactionSchema } from './accounts.js';
import { fixedDepositSchema, fundingRequestSchema } from './funding.js';
import { KYC_DOCUMENT_ROLES } from './kyc.js';
import { SIGNIN_FACTOR_METHODS } from './mfa.js';
import { minorUnitsSchema } from './money.js';
import { PASSKEYS_PER_PERSON, passkeySchema } from './passkeys.js';
import { GENDERS, MARITAL_STATUSES } from './profile.js';
import { textSchema } from './text.js';
import { staffTransferSchema } from './transfers.js';

/**
 * The back office's customers (customers.manage): search, the customer page and its sections,
 * and the actions on a customer (decision 21). Every action carries a reason for the audit log;
 * nothing here ever carries a password, PIN, code or session token, and nothing sets a balance.
 */

// ---------------------------------------------------------------------------------------------
// Freeze and restriction.

/** Why an account is frozen: the list a bank's operations and compliance teams work from. */
export const FREEZE_REASONS = [
  'suspected_fraud',
  'legal_order',
  'sanctions_review',
  'deceased',
  'customer_request',
  'kyc_refresh',
  'other',
] as const;
export type FreezeReason = (typeof FREEZE_REASONS)[number];

export const FREEZE_REASON_LABELS: Record<FreezeReason, string> = {
  suspected_fraud: 'Suspected fraud',
  legal_order: 'Legal order (court, police, tax authority)',
  sanctions_review: 'Sanctions review',
  deceased: 'Account holder deceased',
  customer_request: "At the customer's request",
  kyc_refresh: 'Identity details to refresh',
  other: 'Other (see the note)',
};

/** What a freeze blocks: money leaving the account, money arriving, or both. */
export const FREEZE_SCOPES = ['debits', 'credits', 'both'] as const;
export type FreezeScope = (typeof FREEZE_SCOPES)[number];

export const FREEZE_SCOPE_LABELS: Record<FreezeScope, string> = {
  debits: 'Block debits (money out)',
  credits: 'Block credits (money in)',
  both: 'Block debits and credits',
};

const KYC_STATUS = z.enum(['not_verified', 'pending', 'approved', 'declined']);
export type CustomerKycStatus = z.infer<typeof KYC_STATUS>;

const ID = /^[1-9]\d{0,18}$/;
const cursorSchema = z.string().regex(ID, 'Not a page cursor').optional();
const limitSchema = z.coerce.number().int().min(1).max(50).default(20);

/** A staff member's reason for an action: the audit log keeps it (the customer never reads it). */
export const staffReasonSchema = textSchema()
  .trim()
  .min(3, 'Say why (at least 3 characters)')
  .max(500, 'Use at most 500 characters');

// ---------------------------------------------------------------------------------------------
// Search.

/** One box: a name, an email, a username, a phone number or an account number. */
export const customerSearchQuerySchema = z.strictObject({
  q: textSchema().trim().max(100, 'Use at most 100 characters').default(''),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuerySchema>;

export const customerSearchItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  /** The current account's number, once the identity check opened it. */
  accountNumber: z.string().nullable(),
  kycStatus: KYC_STATUS,
  /** A restriction notice is set: the customer cannot sign in. */
  restricted: z.boolean(),
  freeze: z.enum(FREEZE_SCOPES).nullable(),
  createdAt: z.iso.datetime(),
});
export type CustomerSearchItem = z.infer<typeof customerSearchItemSchema>;

export const customerSearchPageSchema = z
  .object({ items: z.array(customerSearchItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CustomerSearchPage' });
export type CustomerSearchPage = z.infer<typeof customerSearchPageSchema>;

// ---------------------------------------------------------------------------------------------
// The customer page.

const staffName = z.string().nullable();

export const customerAccountSchema = z.object({
  id: z.string(),
  accountNumber: z.string(),
  kind: z.enum(['customer_current', 'customer_fixed_deposit']),
  name: z.string(),
  currency: z.string(),
  balance: minorUnitsSchema,
  totalCredit: minorUnitsSchema,
  totalDebit: minorUnitsSchema,
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

export const customerIdentityCheckSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  documentType: z.string(),
  country: z.string(),
  phone: z.string(),
  homeAddress: z.string(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  reviewedBy: staffName,
  declineReason: z.string().nullable(),
  /** Viewable at /api/v1/staff/kyc/submissions/{id}/documents/{role} (each view audited). */
  documents: z.array(
    z.object({ role: z.enum(KYC_DOCUMENT_ROLES), mime: z.string(), bytes: z.number() }),
  ),
});
export type CustomerIdentityCheck = z.infer<typeof customerIdentityCheckSchema>;

export const customerRestrictionSchema = z.object({
  head: z.string(),
  body: z.string(),
  /** The staff's reason (internal); null for a notice set before reasons were kept. */
  reason: z.string().nullable(),
  setAt: z.iso.datetime().nullable(),
  setBy: staffName,
});

export const customerFreezeSchema = z.object({
  scope: z.enum(FREEZE_SCOPES),
  reasonCode: z.enum(FREEZE_REASONS),
  note: z.string(),
  frozenAt: z.iso.datetime(),
  frozenBy: staffName,
});
export type CustomerFreeze = z.infer<typeof customerFreezeSchema>;

export const staffCustomerSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.iso.datetime(),
    kycStatus: KYC_STATUS,
    profile: z.object({
      phone: z.string().nullable(),
      gender: z.enum(GENDERS).nullable(),
      dateOfBirth: z.string().nullable(),
      country: z.string().nullable(),
      maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
      homeAddress: z.string().nullable(),
      /** Whether a next of kin is on file (who it is stays sealed). */
      nextOfKinOnFile: z.boolean(),
      plan: z.string(),
    }),
    restriction: customerRestrictionSchema.nullable(),
    freeze: customerFreezeSchema.nullable(),
    /** The transaction PIN: whether one exists and until when its use is paused (never the PIN). */
    pin: z.object({ hasPin: z.boolean(), pausedUntil: z.iso.datetime().nullable() }),
    accounts: z.array(customerAccountSchema),
    identityChecks: z.array(customerIdentityCheckSchema),
  })
  .meta({ id: 'StaffCustomer' });
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

/** A page of a list on the customer page, older pages by `cursor`. */
export const customerPageQuerySchema = z.strictObject({ cursor: cursorSchema, limit: limitSchema });

export const customerLedgerQuerySchema = z.strictObject({
  /** The account's id (one of the customer's); the current account when absent. */
  account: z.string().regex(ID, 'Not an account').optional(),
  /** The ledger's own cursor (opaque). */
  cursor: z.string().max(40).optional(),
  limit: limitSchema,
});

export const customerLedgerPageSchema = z
  .object({
    account: customerAccountSchema.pick({ id: true, accountNumber: true, kind: true, name: true }),
    items: z.array(transactionSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'CustomerLedgerPage' });
export type CustomerLedgerPage = z.infer<typeof customerLedgerPageSchema>;

export const customerFundingPageSchema = z
  .object({ items: z.array(fundingRequestSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CustomerFundingPage' });

export const customerTransferPageSchema = z
  .object({ items: z.array(staffTransferSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CustomerTransferPage' });

export const customerFixedDepositsSchema = z
  .object({ items: z.array(fixedDepositSchema) })
  .meta({ id: 'CustomerFixedDeposits' });

export const CUSTOMER_SESSION_STATES = ['active', 'signed_out', 'expired'] as const;

/** A sign-in as staff see it: where and on what, when; never its token. */
export const customerSessionSchema = z.object({
  id: z.string(),
  /** `onboarding`: before the identity check was approved. */
  scope: z.enum(['customer', 'onboarding']),
  device: z.string(),
  address: z.string().nullable(),
  place: z.string(),
  signedInAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  state: z.enum(CUSTOMER_SESSION_STATES),
  endedAt: z.iso.datetime().nullable(),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;

/**
 * How the customer protects their sign-in, as staff see it: two-step sign-in (which factor,
 * since when), their passkeys by name and dates, and how many browsers skip the second step
 * now. Never a credential id, public key, user handle, counter, key or recovery code.
 */
export const customerSigninProtectionSchema = z
  .object({
    /** Null while two-step sign-in is off. */
    twoStep: z
      .object({
        method: z.enum(SIGNIN_FACTOR_METHODS),
        enabledAt: z.iso.datetime(),
        /** Recovery codes not used yet (of ten): fewer than expected is worth a question. */
        recoveryCodesLeft: z.number().int().min(0),
      })
      .nullable(),
    /** Passkeys in use, oldest first. */
    passkeys: z.array(passkeySchema).max(PASSKEYS_PER_PERSON),
    /** Browsers where the second step was passed and is remembered now (unexpired). */
    trustedBrowsers: z.number().int().min(0),
  })
  .meta({ id: 'CustomerSigninProtection' });
export type CustomerSigninProtection = z.infer<typeof customerSigninProtectionSchema>;

export const customerSessionListSchema = z
  .object({ items: z.array(customerSessionSchema), protection: customerSigninProtectionSchema })
  .meta({ id: 'CustomerSessionList' });
export type CustomerSessionList = z.infer<typeof customerSessionListSchema>;

export const customerNoteSchema = z
  .object({ id: z.string(), body: z.string(), author: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'CustomerNote' });
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerNotePageSchema = z
  .object({ items: z.array(customerNoteSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CustomerNotePage' });

/** One row of the customer's audit trail, newest first. */
export const customerAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  /** The action in the catalogue's words. */
  label: z.string(),
  /** Who acted: a staff member, the customer, or null for the bank's own jobs. */
  actor: z
    .object({ id: z.string(), name: z.string(), kind: z.enum(['customer', 'staff']) })
    .nullable(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CustomerAuditEntry = z.infer<typeof customerAuditEntrySchema>;

export const customerAuditPageSchema = z
  .object({ items: z.array(customerAuditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CustomerAuditPage' });

// ---------------------------------------------------------------------------------------------
// Actions.

/** The spec's info notice (`ismsg`): what the customer reads at sign-in, then signed out. */
export const setRestrictionSchema = z
  .strictObject({
    head: textSchema().trim().min(3, 'Write a heading').max(120, 'Use at most 120 characters'),
    body: textSchema()
      .trim()
      .min(3, 'Write what the customer reads')
      .max(1000, 'Use at most 1000 characters'),
    reason: staffReasonSchema,
  })
  .meta({ id: 'SetRestriction' });
export type SetRestriction = z.infer<typeof setRestrictionSchema>;

export const staffReasonBodySchema = z
  .strictObject({ reason: staffReasonSchema })
  .meta({ id: 'StaffReason' });
export type StaffReasonBody = z.infer<typeof staffReasonBodySchema>;

export const freezeSchema = z
  .strictObject({
    scope: z.enum(FREEZE_SCOPES, { error: 'Choose what to block' }),
    reasonCode: z.enum(FREEZE_REASONS, { error: 'Choose a reason from the list' }),
    /** Internal: what happened, the case or order reference. Never shown to the customer. */
    note: staffReasonSchema,
  })
  .meta({ id: 'Freeze' });
export type FreezeRequest = z.infer<typeof freezeSchema>;

/** A message to the customer (in the app and by email), with the staff's reason. */
export const customerMessageSchema = z
  .strictObject({
    title: textSchema().trim().min(1, 'Write a title').max(120, 'Use at most 120 characters'),
    body: textSchema().trim().min(1, 'Write the message').max(1000, 'Use at most 1000 characters'),
    reason: staffReasonSchema,
  })
  .meta({ id: 'CustomerMessage' });
export type CustomerMessage = z.infer<typeof customerMessageSchema>;

export const newCustomerNoteSchema = z
  .strictObject({
    body: textSchema()
      .trim()
      .min(3, 'Write the note (at least 3 characters)')
      .max(2000, 'Use at most 2000 characters'),
  })
  .meta({ id: 'NewCustomerNote' });

/** What an action did, in a sentence for the staff member, and the customer as they are now. */
export const customerActionResultSchema = z
  .object({ outcome: z.string(), customer: staffCustomerSchema })
  .meta({ id: 'CustomerActionResult' });
export type CustomerActionResult = z.infer<typeof customerActionResultSchema>;
