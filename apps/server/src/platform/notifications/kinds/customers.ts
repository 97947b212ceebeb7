import { z } from 'zod';
import { FREEZE_SCOPES } from '@bank/contract';
import { notice } from '../notice.js';

const HELP = 'Please contact us through Help & Support';

const BLOCKED: Record<(typeof FREEZE_SCOPES)[number], string> = {
  debits:
    'Payments out of your account (transfers, fixed deposits from your balance and plan upgrades)',
  credits: 'Payments into your account',
  both: 'Payments into and out of your account',
};

/**
 * What the back office's actions tell the customer (decision 21). A restriction tells them
 * nothing here: the notice itself is what they read at sign-in. A freeze says what is blocked
 * and where to ask, and says why only when the reason is the customer's own (they asked for it,
 * or their identity details need refreshing); a suspicion, a legal order or a sanctions review
 * is never told (banks must not tip a customer off).
 */
export const customerNotices = {
  'account.frozen': notice({
    data: z.object({
      scope: z.enum(FREEZE_SCOPES),
      /** The reason, only when it may be told. */
      told: z.enum(['customer_request', 'kyc_refresh']).nullable(),
    }),
    email: true,
    render: ({ scope, told }) => ({
      title: 'Your account is on hold',
      body:
        told === 'customer_request'
          ? `As you asked, ${BLOCKED[scope].toLowerCase()} are on hold. ${HELP} when you want the hold lifted.`
          : told === 'kyc_refresh'
            ? `${BLOCKED[scope]} are on hold until we have refreshed your identity details. ${HELP}.`
            : `${BLOCKED[scope]} are on hold for now. ${HELP} to find out more.`,
    }),
  }),
  'account.unfrozen': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'The hold on your account is lifted',
      body: 'Payments into and out of your account work as usual again.',
    }),
  }),
  'account.restriction_lifted': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'You can sign in again',
      body: 'The restriction on your account has been lifted: you can sign in and use your account as usual.',
    }),
  }),
  'account.signed_out': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Signed out of every browser',
      body: `Our support team signed your account out of every browser. Sign in again to continue. If you did not expect this, please contact us through Help & Support.`,
    }),
  }),
  'pin.unlocked': notice({
    data: z.object({}),
    email: true,
    render: () => ({
      title: 'Transaction PIN use restored',
      body: 'Our support team lifted the pause on your transaction PIN, so you can use it again. If you did not ask us to, contact us at once and change your PIN in Settings.',
    }),
  }),
};
