import { z } from 'zod';
import { unsignedMinorUnitsSchema } from './money.js';
import { textSchema } from './text.js';

/**
 * Dual control (issue 18, decision 21): a staff decision that posts at least the bank's
 * threshold, or confirms more than the customer claimed, waits for a second person; the
 * threshold itself changes only by a proposal another administrator approves.
 */

/**
 * The largest amount staff may type for a decision that moves money: 100,000,000.00 (minor
 * units). Well above any payment this bank takes, far below what the ledger stores; a slip of
 * the keyboard (three zeros too many) is a clear 400, not a proposal.
 */
export const MAX_DECISION_MINOR_UNITS = 10_000_000_000n;

/** A positive amount in minor units, at most MAX_DECISION_MINOR_UNITS. */
export const decisionAmountSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, 'Enter an amount greater than zero')
  .refine(
    // Runs after a refused pattern too (zod 4): it judges only digits.
    (v) => !/^\d+$/.test(v) || BigInt(v) <= MAX_DECISION_MINOR_UNITS,
    'That amount is too large: at most 100,000,000.00',
  );

/** The open proposal on a request or transfer: it waits for a second person. */
export const openProposalSchema = z
  .object({
    id: z.string(),
    summary: z.string(),
    /** Who proposed it, by name. */
    proposedBy: z.string(),
    proposedAt: z.iso.datetime(),
  })
  .meta({ id: 'OpenProposal' });
export type OpenProposal = z.infer<typeof openProposalSchema>;

/** The threshold as the "Bank settings" page shows it, with a change waiting, if any. */
export const dualControlSettingsSchema = z
  .object({
    /** Minor units: decisions that post at least this much need a second person. */
    threshold: unsignedMinorUnitsSchema,
    currency: z.string(),
    updatedAt: z.iso.datetime().nullable(),
    /** Who last changed it (approved the change), by name; null for the starting value. */
    updatedBy: z.string().nullable(),
    /** A proposed change waiting for a second administrator. */
    pending: openProposalSchema.extend({ threshold: unsignedMinorUnitsSchema }).nullable(),
  })
  .meta({ id: 'DualControlSettings' });
export type DualControlSettings = z.infer<typeof dualControlSettingsSchema>;

export const proposeThresholdSchema = z
  .strictObject({
    threshold: decisionAmountSchema,
    reason: textSchema()
      .trim()
      .min(3, 'Say why, for the administrator who approves it')
      .max(500, 'Use at most 500 characters'),
  })
  .meta({ id: 'ProposeThreshold' });
export type ProposeThreshold = z.input<typeof proposeThresholdSchema>;

/** What a proposal's route answers: the proposal to follow under Approvals. */
export const proposedSchema = z
  .object({ approvalId: z.string(), message: z.string() })
  .meta({ id: 'Proposed' });
export type Proposed = z.infer<typeof proposedSchema>;
