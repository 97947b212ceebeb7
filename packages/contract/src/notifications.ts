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

/** The live stream's one event: the unread count, sent at once and after every change. */
export const NOTIFICATION_STREAM_EVENT = 'unread';
