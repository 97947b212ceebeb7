import { z } from 'zod';

/** One in-app notification (spec: id, title, body, wasread). */
export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    read: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** A page of notifications, newest first, with the unread count (spec: nc). */
export const notificationPageSchema = z
  .object({
    items: z.array(notificationSchema),
    nextCursor: z.string().nullable(),
    unread: z.number().int().min(0),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z
  .object({ unread: z.number().int().min(0) })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * Every kind of notification the bank sends a customer (the server's registry,
 * platform/notifications/kinds, has exactly these: the type checker holds the two together).
 * The web app maps each to the screens it concerns, to refresh them when one arrives live.
 */
export const NOTIFICATION_KINDS = [
  'bank.message',
  'signin.new_device',
  'profile.changed',
  'password.changed',
  'email.changed',
  'passkey.added',
  'passkey.removed',
  'security.second_factor_on',
  'security.second_factor_off',
  'security.recovery_code_used',
  'security.password_checks_paused',
  'pin.created',
  'pin.locked',
  'pin.changed',
  'pin.reset',
  'pin.unlocked',
  'funding.received',
  'funding.confirmed',
  'funding.declined',
  'funding.paid_from_balance',
  'fixed_deposit.opened',
  'fixed_deposit.matured',
  'transfer.code_locked',
  'transfer.submitted',
  'transfer.sent',
  'transfer.received',
  'transfer.successful',
  'transfer.failed',
  'transfer.cancelled',
  'account.frozen',
  'account.unfrozen',
  'account.restriction_lifted',
  'account.signed_out',
  'ledger.adjusted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The live stream's one event: the unread count, sent at once and after every change. */
export const NOTIFICATION_STREAM_EVENT = 'unread';

/**
 * A message of the live stream (decision 25): the unread count, and the kinds of the
 * notifications written since the previous message (none at once, or when one was only marked
 * read). Kinds travel as plain strings: a kind this app does not know yet (a newer server) is
 * still a change, and the app refreshes everything it shows live.
 */
export const notificationStreamMessageSchema = z
  .object({
    unread: z.number().int().min(0),
    changed: z.array(z.string().max(100)).max(100),
  })
  .meta({ id: 'NotificationStreamMessage' });
export type NotificationStreamMessage = z.infer<typeof notificationStreamMessageSchema>;

/**
 * The live stream's event to a stream that gave way to a newer one of the same person (too many
 * open tabs): the page stops listening until it is looked at again, instead of reconnecting and
 * pushing another tab out.
 */
export const NOTIFICATION_STREAM_REPLACED_EVENT = 'replaced';
