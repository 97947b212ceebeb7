import { z } from 'zod';
import { event, id, money, type EventSpec } from './define.js';

export const approvalEvents = {
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
  'approval.supersede': event('approval', 'Proposal overtaken: what it concerned changed first', {
    before: z.object({ status: z.literal('pending'), kind: z.string() }),
    after: z.object({
      status: z.literal('superseded'),
      kind: z.string(),
      outcome: z.record(z.string(), z.string()),
    }),
  }),
  'approval.view_evidence': event('approval', 'Proposal evidence viewed'),
  // The bank's settings (approvals owns bank_settings)
  'settings.dual_control_threshold': event('bank_setting', 'Dual-control threshold changed', {
    before: z.object({ threshold: money }),
    after: z.object({ threshold: money, approvalId: id }),
  }),
} satisfies Record<string, EventSpec>;
