import { z } from 'zod';
import { FREEZE_REASONS, FREEZE_SCOPES } from '@bank/contract';
import { event, id, money, type EventSpec } from './define.js';

const freeze = z.object({
  scope: z.enum(FREEZE_SCOPES),
  reasonCode: z.enum(FREEZE_REASONS),
  note: z.string(),
});
const notFrozen = z.object({ scope: z.null() });
const notice = z.object({ head: z.string(), body: z.string() });
const reason = z.object({ reason: z.string() });

/**
 * The back office's actions on a customer (decision 21). Each records the staff member's reason;
 * the customer concerned is the event's `customerId`, so every one shows in their audit trail.
 */
export const customerEvents = {
  'customer.restrict': event('user', 'Restriction notice set (customer signed out)', {
    before: z.union([notice, z.object({ head: z.null() })]),
    after: notice.extend({ reason: z.string(), sessionsEnded: z.number().int() }),
  }),
  'customer.unrestrict': event('user', 'Restriction notice lifted', {
    before: notice,
    after: reason,
  }),
  'customer.freeze': event('user', 'Account frozen', {
    before: z.union([freeze, notFrozen]),
    /** The balances held when the freeze took the accounts' locks (minor units, by account). */
    after: freeze.extend({
      accounts: z.array(z.object({ accountId: id, accountNumber: z.string(), balance: money })),
    }),
  }),
  'customer.unfreeze': event('user', 'Account unfrozen', { before: freeze, after: reason }),
  'customer.pin_unlock': event('user', 'Transaction PIN pause lifted', {
    before: z.object({ failures: z.number().int(), pausedUntil: z.string() }),
    after: reason,
  }),
  'customer.sign_out': event('user', 'Customer signed out of every browser', {
    after: reason.extend({ sessionsEnded: z.number().int() }),
  }),
  'customer.message': event('user', 'Message sent to the customer', {
    after: reason.extend({ title: z.string(), body: z.string() }),
  }),
  'customer.note': event('customer_note', 'Internal note added', {
    after: z.object({ body: z.string() }),
  }),
} satisfies Record<string, EventSpec>;
