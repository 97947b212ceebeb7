import { z } from 'zod';
import { event, id, money, type EventSpec } from './define.js';

/** Manual ledger adjustments (modules/adjustments): the entry an approval posted. */
export const adjustmentEvents = {
  'ledger.adjust': event('ledger_account', 'Manual ledger adjustment posted', {
    before: z.object({ balance: money }),
    after: z.object({
      approvalId: id,
      direction: z.enum(['credit', 'debit']),
      amount: money,
      accountNumber: z.string(),
      counterAccount: z.string(),
      entryId: id,
      balance: money,
    }),
  }),
} satisfies Record<string, EventSpec>;
