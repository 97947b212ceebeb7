import { z } from 'zod';

/**
 * The catalogue of audit events: one entry per action, with the kind of thing it acts on, the
 * words staff read in the audit log, and the schema of what it records before and after. The
 * writer checks every event against its schema (a wrong shape fails the action in tests, not the
 * audit viewer months later), and the viewer reads them back typed. Add an event here first.
 *
 * Amounts are strings of minor units, ids are strings, times ISO 8601 (JSON has no bigint).
 */

const id = z.string().regex(/^\d+$/);
const money = z.string().regex(/^-?\d+$/);
const entry = z.record(z.string(), z.unknown());
const nothing = z.undefined();

interface EventSpec {
  /** What the event acts on: the audit row's target_type. */
  target: string;
  /** The action in the audit log's words. */
  label: string;
  before: z.ZodType;
  after: z.ZodType;
}

const event = <B extends z.ZodType = z.ZodUndefined, A extends z.ZodType = z.ZodUndefined>(
  target: string,
  label: string,
  shape: { before?: B; after?: A } = {},
) => ({
  target,
  label,
  before: (shape.before ?? nothing) as B,
  after: (shape.after ?? nothing) as A,
});

const status = <S extends string>(s: S) => z.object({ status: z.literal(s) });

/** The four kinds of funding-catalog entry and the four things done to them. */
const catalogEntryEvents = (target: string, label: string) => ({
  [`catalog.${target}.add`]: event(target, `${label} added`, { after: entry }),
  [`catalog.${target}.edit`]: event(target, `${label} edited`, { before: entry, after: entry }),
  [`catalog.${target}.retire`]: event(target, `${label} retired`, { before: entry, after: entry }),
  [`catalog.${target}.restore`]: event(target, `${label} restored`, {
    before: entry,
    after: entry,
  }),
});

export const AUDIT_EVENTS = {
  // Identity checks
  'kyc.approve': event('kyc_submission', 'Identity check approved', {
    before: status('pending'),
    after: z.object({ status: z.literal('approved'), accountNumber: z.string() }),
  }),
  'kyc.decline': event('kyc_submission', 'Identity check declined', {
    before: status('pending'),
    after: z.object({ status: z.literal('declined'), reason: z.string() }),
  }),
  'kyc.view_document': event('kyc_submission', 'Identity document viewed', {
    after: z.object({ role: z.string() }),
  }),

  // Funding requests
  'funding.confirm': event('funding_request', 'Funding request confirmed', {
    before: z.object({ status: z.literal('pending'), claimedAmount: money }),
    after: z.object({
      status: z.literal('confirmed'),
      claimedAmount: money,
      receivedAmount: money,
      entryId: id,
      approvalId: id.optional(),
    }),
  }),
  'funding.decline': event('funding_request', 'Funding request declined', {
    before: z.object({ status: z.literal('pending'), claimedAmount: money }),
    after: z.object({ status: z.literal('declined'), claimedAmount: money, reason: z.string() }),
  }),
  'funding.view_proof': event('funding_request', 'Proof of payment viewed'),
  'plan.change': event('user', 'Account plan changed', {
    before: z.object({ plan: z.string(), planId: id }),
    after: z.object({ plan: z.string(), planId: id, fundingRequest: id.optional() }),
  }),

  // Outgoing transfers
  'transfer.complete': event('transfer', 'Transfer marked successful', {
    before: status('in_progress'),
    after: z.object({ status: z.literal('successful'), reference: z.string() }),
  }),
  'transfer.fail': event('transfer', 'Transfer failed and refunded', {
    before: status('in_progress'),
    after: z.object({
      status: z.literal('failed'),
      reason: z.string(),
      reversalEntryId: id,
      approvalId: id.optional(),
    }),
  }),

  // The catalog
  'catalog.document_type.add': event('document_type', 'Document type added', {
    after: z.object({ name: z.string(), active: z.boolean() }),
  }),
  'catalog.document_type.retire': event('document_type', 'Document type retired', {
    before: z.object({ name: z.string(), active: z.boolean() }),
    after: z.object({ name: z.string(), active: z.boolean() }),
  }),
  'catalog.document_type.restore': event('document_type', 'Document type restored', {
    before: z.object({ name: z.string(), active: z.boolean() }),
    after: z.object({ name: z.string(), active: z.boolean() }),
  }),
  ...catalogEntryEvents('crypto_type', 'Crypto type'),
  ...catalogEntryEvents('payment_purpose', 'Payment purpose'),
  ...catalogEntryEvents('fixed_deposit_plan', 'Fixed-deposit plan'),
  ...catalogEntryEvents('account_plan', 'Account plan'),
  'catalog.institution.update': event('institution', 'Institution details changed', {
    before: entry,
    after: entry,
  }),
  'catalog.support_contacts.update': event('support_contacts', 'Support contacts changed', {
    before: entry,
    after: entry,
  }),
  'catalog.availability.update': event('product', 'Region availability changed', {
    before: z.object({ unavailableCountries: z.array(z.string()) }),
    after: z.object({ unavailableCountries: z.array(z.string()) }),
  }),

  // A customer's own changes
  'profile.update': event('user', 'Profile changed', {
    after: z.object({ changed: z.array(z.string()) }),
  }),
  'security.email_changed': event('user', 'Sign-in email changed', {
    before: z.object({ email: z.string() }),
    after: z.object({ email: z.string() }),
  }),

  // Security events
  'security.signin_failed': event('user', 'Sign-in failed', {
    after: z.object({ attempt: z.number().int() }),
  }),
  'security.signin_throttled': event('user', 'Sign-in paused after repeated failures', {
    after: z.object({ attempts: z.number().int() }),
  }),
  'security.mfa_failed': event('user', 'Second factor refused', {
    after: z.object({
      failuresToday: z.number().int(),
      renewingRecoveryCodes: z.boolean().optional(),
    }),
  }),
  'security.pin_failed': event('user', 'Wrong transaction PIN', {
    after: z.object({ failures: z.number().int() }),
  }),
  'security.pin_locked': event('user', 'Transaction PIN paused', {
    after: z.object({ failures: z.number().int(), lockedUntil: z.string() }),
  }),
  'security.codes_paused': event('user', 'One-time codes paused', {
    after: z.object({ purpose: z.string(), until: z.string() }),
  }),
  'security.password_check_failed': event('user', 'Wrong password given by a signed-in person'),
  'security.permission_denied': event('route', 'Staff request refused for lack of permission', {
    after: z.object({ permission: z.string() }),
  }),

  // Two-person approvals
  'approval.propose': event('approval', 'Proposed for a second person', {
    after: z.object({
      kind: z.string(),
      summary: z.string(),
      reason: z.string(),
      amount: money.optional(),
      expiresAt: z.string(),
    }),
  }),
  'approval.approve': event('approval', 'Proposal approved and carried out', {
    before: z.object({ status: z.literal('pending'), kind: z.string(), proposedBy: id }),
    after: z.object({
      status: z.literal('approved'),
      kind: z.string(),
      note: z.string().nullable(),
      outcome: z.record(z.string(), z.string()),
    }),
  }),
  'approval.reject': event('approval', 'Proposal rejected', {
    before: z.object({ status: z.literal('pending'), kind: z.string(), proposedBy: id }),
    after: z.object({ status: z.literal('rejected'), kind: z.string(), note: z.string() }),
  }),
  'approval.withdraw': event('approval', 'Proposal withdrawn by its proposer', {
    before: z.object({ status: z.literal('pending'), kind: z.string() }),
    after: z.object({ status: z.literal('withdrawn'), kind: z.string() }),
  }),
  'approval.expire': event('approval', 'Proposal expired unapproved', {
    before: z.object({ status: z.literal('pending'), kind: z.string() }),
    after: z.object({ status: z.literal('expired'), kind: z.string() }),
  }),
  'approval.view_evidence': event('approval', 'Proposal evidence viewed'),

  // Staff
  'staff.bootstrap_admin': event('user', 'First administrator created', {
    after: z.object({ email: z.string(), role: z.string() }),
  }),
  'staff.signin_reset': event('user', 'Staff sign-in reset from the command line', {
    after: z.object({ password: z.boolean(), secondFactor: z.boolean() }),
  }),
  'staff.mfa_enrolled': event('user', 'Authenticator app set up, staff signed in'),
  'staff.signin': event('user', 'Staff signed in'),
  'staff.signin_recovery_code': event('user', 'Staff signed in with a recovery code'),
  'staff.recovery_codes_renewed': event('user', 'Recovery codes renewed'),
} satisfies Record<string, EventSpec>;

export type AuditAction = keyof typeof AUDIT_EVENTS;
type Spec<A extends AuditAction> = (typeof AUDIT_EVENTS)[A];

/** Whether an event records nothing in this place (its schema is `undefined`). */
type Absent<T> = unknown extends T ? true : [T] extends [undefined] ? true : false;

/** What an event records before and after, as its schema says (absent where it has none). */
export type AuditChange<A extends AuditAction> = (Absent<z.input<Spec<A>['before']>> extends true
  ? { before?: undefined }
  : { before: z.input<Spec<A>['before']> }) &
  (Absent<z.input<Spec<A>['after']>> extends true
    ? { after?: undefined }
    : { after: z.input<Spec<A>['after']> });

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_EVENTS, action);
}

export function auditEventSpec(action: AuditAction): EventSpec {
  return AUDIT_EVENTS[action];
}
