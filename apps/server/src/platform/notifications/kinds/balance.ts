import { z } from 'zod';
import { formatMoney, readableDay } from '@bank/contract';
import { notice } from '../notice.js';

/**
 * A payment to the bank, or an upgrade, paid from the available balance (decision 27): done at
 * once, so the customer is told it is done (in the app and by email), with a receipt.
 */
export const balanceNotices = {
  'funding.paid_from_balance': notice({
    data: z.object({
      kind: z.enum(['payment', 'upgrade']),
      requestId: z.bigint(),
      /** The purpose (payment) or the plan's name (upgrade). */
      subject: z.string(),
      amount: z.bigint(),
      currency: z.string().length(3),
      paidOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    }),
    email: true,
    render: (d) => {
      const money = formatMoney(d.amount, d.currency);
      if (d.kind === 'upgrade') {
        return {
          title: 'Account upgraded',
          body: `You paid ${money} from your balance for the ${d.subject} plan. Your new plan applies from now on. Date: ${readableDay(d.paidOn)}. Reference: upgrade ${d.requestId}.`,
        };
      }
      return {
        title: 'Payment receipt',
        body: `You paid ${money} from your balance. This is your receipt. Purpose: ${d.subject}. Date: ${readableDay(d.paidOn)}. Reference: payment ${d.requestId}.`,
      };
    },
  }),
};
