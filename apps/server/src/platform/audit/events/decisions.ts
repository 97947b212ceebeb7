import { z } from 'zod';
import { event, id, money, status, type EventSpec } from './define.js';

/** Staff decisions on customers' requests: identity checks, funding requests, transfers. */
export const decisionEvents = {
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
  /** The customer called back a transfer staff had not sent: refunded at once (decision 26). */
  'transfer.cancel': event('transfer', 'Transfer cancelled by the customer and refunded', {
    before: status('in_progress'),
    after: z.object({
      status: z.literal('cancelled'),
      reversalEntryId: id,
      /** A refund proposal waiting for a second person, closed as overtaken. */
      supersededApprovalId: id.optional(),
    }),
  }),
} satisfies Record<string, EventSpec>;
