import { z } from 'zod';
import { formatMoney } from '@bank/contract';
import { notice } from '../notice.js';

/**
 * A manual ledger adjustment that changed the customer's balance (modules/adjustments): told
 * plainly, by the amount, the direction, the balance it left and a reference to quote.
 */
export const adjustmentNotices = {
  'ledger.adjusted': notice({
    data: z.object({
      direction: z.enum(['credit', 'debit']),
      amount: z.bigint(),
      balance: z.bigint(),
      currency: z.string().length(3),
      reference: z.string(),
    }),
    email: true,
    render: (d) => {
      const money = (m: bigint) => formatMoney(m, d.currency);
      return d.direction === 'credit'
        ? {
            title: 'We added money to your account',
            body: `We corrected your balance: ${money(d.amount)} was added to your account. Your balance is now ${money(d.balance)}. It shows in your transactions as "Balance correction by the bank (${d.reference})". If you have a question about it, please contact us through Help & Support.`,
          }
        : {
            title: 'We took money from your account',
            body: `We corrected your balance: ${money(d.amount)} was taken from your account. Your balance is now ${money(d.balance)}. It shows in your transactions as "Balance correction by the bank (${d.reference})". If you have a question about it, please contact us through Help & Support.`,
          };
    },
  }),
};
