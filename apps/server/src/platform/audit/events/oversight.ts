import { z } from 'zod';
import { event, type EventSpec } from './define.js';

/** The back office watching itself: the audit log taken away, the ledger checked by hand. */
export const oversightEvents = {
  'audit.export': event('audit_log', 'Audit log exported as CSV', {
    after: z.object({ filter: z.record(z.string(), z.string()), rows: z.number().int() }),
  }),
  'ledger.check_run': event('ledger_check', 'Ledger check run by hand', {
    after: z.object({ ok: z.boolean(), violations: z.number().int() }),
  }),
} satisfies Record<string, EventSpec>;
