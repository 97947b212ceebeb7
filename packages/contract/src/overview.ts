import { z } from 'zod';
import { minorUnitsSchema } from './money.js';
import { LEDGER_CHECK_TRIGGERS } from './trial-balance.js';

/**
 * The back office's landing page: what waits in each queue the viewer may work (with the age of
 * the oldest item) and the ledger's health (the latest check and each currency's sum).
 */

export const OVERVIEW_QUEUES = ['kyc', 'funding', 'transfers', 'approvals'] as const;
export type OverviewQueue = (typeof OVERVIEW_QUEUES)[number];

/**
 * What a new bank must set up before customers can use everything, one step per part of the
 * catalog (each opens a page of the catalog, catalog.manage).
 */
export const SETUP_STEPS = [
  'institution',
  'crypto-type',
  'crypto-rate',
  'payment-purposes',
  'account-plans',
  'fixed-deposit-plans',
] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

/** Done; waiting for a second person's approval (a proposal would do it); or missing. */
export const SETUP_STATES = ['done', 'waiting', 'missing'] as const;
export type SetupState = (typeof SETUP_STATES)[number];

export const setupStepSchema = z
  .object({
    step: z.enum(SETUP_STEPS),
    label: z.string(),
    /** What customers cannot do without it. */
    neededFor: z.string(),
    state: z.enum(SETUP_STATES),
    /** What stands now: what is missing, or what waits. */
    detail: z.string(),
    /** The proposal that would complete it, while one waits. */
    approvalId: z.string().nullable(),
  })
  .meta({ id: 'SetupStep' });
export type SetupStep = z.infer<typeof setupStepSchema>;

export const overviewSchema = z
  .object({
    /** The server's time when counted (UTC): ages are measured from it. */
    asOf: z.iso.datetime(),
    /** Only the queues the viewer's permissions open, in this order. */
    queues: z.array(
      z.object({
        queue: z.enum(OVERVIEW_QUEUES),
        label: z.string(),
        count: z.number().int(),
        oldestAt: z.iso.datetime().nullable(),
        /** How long the oldest has waited, in whole seconds (null when none waits). */
        oldestAgeSeconds: z.number().int().nullable(),
      }),
    ),
    /**
     * Setting up the bank: the steps the viewer may manage, in this order, each with its state
     * (empty when they manage none). The page shows the list until every step is done.
     */
    setup: z.array(setupStepSchema),
    ledger: z.object({
      lastCheck: z
        .object({
          at: z.iso.datetime(),
          ok: z.boolean(),
          violations: z.number().int(),
          trigger: z.enum(LEDGER_CHECK_TRIGGERS),
        })
        .nullable(),
      /** No check for twice the job's period: the job may have stopped. */
      stale: z.boolean(),
      /** Each currency's sum now (from the accounts' balances): zero in a sound ledger. */
      totals: z.array(
        z.object({ currency: z.string(), balance: minorUnitsSchema, zero: z.boolean() }),
      ),
    }),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof overviewSchema>;
