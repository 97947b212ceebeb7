import { z } from 'zod';
import { unsignedMinorUnitsSchema } from './money.js';
import type { Permission } from './permissions.js';
import { textSchema } from './text.js';

/**
 * Two people for money (PRODUCT.md principle 5): a proposal by one staff member that a different
 * one approves or rejects. The kinds, and who may approve each, are the server's (its approval
 * registry); the inbox lists what the viewer may decide and what they proposed.
 */

export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  /** Overtaken by what it concerned: a transfer refund whose customer cancelled the transfer. */
  'superseded',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const person = z.object({ id: z.string(), name: z.string() });

export const approvalSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    /** The kind in words: "Manual ledger adjustment". */
    kindLabel: z.string(),
    status: z.enum(APPROVAL_STATUSES),
    summary: z.string(),
    reason: z.string(),
    /** What approving it does, line by line, as the approver should read it. */
    details: z.array(z.object({ label: z.string(), value: z.string() })),
    amount: unsignedMinorUnitsSchema.nullable(),
    currency: z.string().nullable(),
    customer: person.nullable(),
    /** What it concerns (a funding request, a catalog entry…), for a link to it: type and id. */
    subject: z.object({ type: z.string(), id: z.string() }).nullable(),
    proposedBy: person,
    proposedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    decidedBy: person.nullable(),
    decidedAt: z.iso.datetime().nullable(),
    decisionNote: z.string().nullable(),
    /** What approving it did (the journal entry posted…), as label and value. */
    outcome: z.array(z.object({ label: z.string(), value: z.string() })),
    evidenceMime: z.string().nullable(),
    /** The viewer may approve or reject it now (pending, another's, their permission). */
    canDecide: z.boolean(),
    /** The viewer proposed it (and may withdraw it while pending). */
    mine: z.boolean(),
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListSchema = z
  .object({
    items: z.array(approvalSchema),
    /** The kinds the viewer may see, for the filter: value and words. */
    kinds: z.array(z.object({ kind: z.string(), label: z.string() })),
  })
  .meta({ id: 'ApprovalList' });
export type ApprovalList = z.infer<typeof approvalListSchema>;

const optionalId = z
  .string()
  .regex(/^[1-9]\d{0,18}$/)
  .optional();

/** The inbox's filters: by status, kind, amount, proposer and age (no id: a query string). */
export const approvalQuerySchema = z.strictObject({
  status: z.enum(APPROVAL_STATUSES).default('pending'),
  /** `waiting`: what the viewer may decide; `mine`: what they proposed; `all`: both. */
  view: z.enum(['waiting', 'mine', 'all']).default('all'),
  kind: z
    .string()
    .regex(/^[a-z][a-z0-9_.]{0,62}$/)
    .optional(),
  proposer: optionalId,
  customer: optionalId,
  minAmount: unsignedMinorUnitsSchema.optional(),
  maxAmount: unsignedMinorUnitsSchema.optional(),
  /** Only proposals older than this many hours (what has waited longest). */
  olderThanHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
});
export type ApprovalQuery = z.input<typeof approvalQuerySchema>;

export const approveSchema = z
  .strictObject({ note: textSchema().trim().min(1).max(500).optional() })
  .meta({ id: 'ApproveProposal' });

export const rejectSchema = z
  .strictObject({
    note: textSchema().trim().min(3, 'Say why, for the person who proposed it').max(500),
  })
  .meta({ id: 'RejectProposal' });

/**
 * Who reaches the approvals inbox: each permission that approves some kind, or proposes one
 * with a permission of its own (to follow and withdraw their proposals). The server's inbox
 * routes admit exactly these (test/adjustments checks it); a new kind adds its line here.
 */
export const APPROVAL_INBOX_PERMISSIONS = [
  'catalog.manage',
  'funding.review',
  'ledger.adjust.approve',
  'ledger.adjust.propose',
  'staff.manage',
  'transfers.process',
] as const satisfies readonly Permission[];
