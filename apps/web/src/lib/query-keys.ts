/**
 * The query keys' area prefixes, in one place (decision 0013): each covers every query of one
 * area, for invalidation and forgetting. Kept apart from `queries` (lib/queries.ts, which
 * re-exports them) so that the entry chunk, which needs the session's key, does not carry every
 * page's schemas (issue 8).
 */
export const queryKeys = {
  /** Who is signed in. Kept when everything else of a session is forgotten. */
  session: ['session'],
  /** The customer's current account: summary and history. */
  account: ['accounts', 'current'],
  /** The identity check form (onboarding session). */
  kyc: ['kyc'],
  /** The staff review of identity checks: queue and submissions. */
  staffKyc: ['staff', 'kyc'],
  /** The document type catalog staff keep. */
  staffDocumentTypes: ['staff', 'catalog', 'document-types'],
  /** The authenticator key being set up at a staff member's first sign-in. */
  mfaSetup: ['auth', 'mfa', 'setup'],
  /** The customer's notifications and their unread count. */
  notifications: ['notifications'],
  /** Whether the customer has a transaction PIN. */
  pin: ['pin'],
  /** The customer's profile (name, plan, picture). */
  profile: ['profile'],
  /** The customer's signed-in browsers. */
  sessions: ['settings', 'sessions'],
  /** The customer's two-step sign-in: which second factor is on, recovery codes left. */
  secondFactor: ['settings', 'second-factor'],
  /** The signed-in person's passkeys (customers and staff alike). */
  passkeys: ['passkeys'],
  /** What the customer can use in their region. */
  availability: ['availability'],
  supportContacts: ['support', 'contacts'],
  /** What staff publish: support contacts and region availability. */
  staffSupportContacts: ['staff', 'catalog', 'support-contacts'],
  staffAvailability: ['staff', 'catalog', 'availability'],
  /** The funding catalog staff keep (crypto types, purposes, plans, institution details). */
  staffCryptoTypes: ['staff', 'catalog', 'crypto-types'],
  staffPaymentPurposes: ['staff', 'catalog', 'payment-purposes'],
  staffFixedDepositPlans: ['staff', 'catalog', 'fixed-deposit-plans'],
  staffAccountPlans: ['staff', 'catalog', 'account-plans'],
  staffInstitution: ['staff', 'catalog', 'institution'],
  /** Catalog changes waiting for a second person (crypto types, plans, institution details). */
  staffCatalogPending: ['staff', 'catalog', 'pending'],
  /** The customer's funding: the forms' choices, their requests, the receive details. */
  funding: ['funding'],
  /** The customer's fixed deposits and quotes. */
  fixedDeposits: ['fixed-deposits'],
  /** The staff review of funding requests: queue and requests. */
  staffFunding: ['staff', 'funding'],
  /** The customer's bank transfers: the submitted ones and each one being made. */
  transfers: ['transfers'],
  /** The recipients the customer saved from their transfers. */
  beneficiaries: ['beneficiaries'],
} as const;
