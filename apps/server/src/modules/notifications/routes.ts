import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationPageSchema, notificationSchema, unreadCountSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import * as notifications from './service.js';
import { notificationStream } from './stream.js';

const CUSTOMER = { session: ['customer'] } as const;
const BASE = '/api/v1/notifications';

/** The customer's notifications: the list, the unread count (live), marking read. */
export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASE,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['notifications'],
          summary:
            'Notifications, newest first, in pages, with the unread count (getnotifications)',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(50).default(20),
            cursor: z.string().max(20).optional(),
          }),
          response: { 200: notificationPageSchema, ...problemResponses(400, 401) },
        },
      },
      async (request) =>
        notifications.listNotifications(deps, sessionOf(request).userId, request.query),
    );

    app.get(
      `${BASE}/unread-count`,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['notifications'],
          summary: 'How many notifications are unread (the bell; spec: notificationcount)',
          response: { 200: unreadCountSchema, ...problemResponses(401) },
        },
      },
      async (request) => ({
        unread: await notifications.unreadCount(deps, sessionOf(request).userId),
      }),
    );

    app.get(
      `${BASE}/stream`,
      {
        // A compressor would hold events back until its buffer fills (plugins/compression.ts).
        compress: false,
        config: { access: CUSTOMER },
        schema: {
          tags: ['notifications'],
          summary:
            'Server-Sent Events while the session lasts: `unread` with {"unread": n, "changed": [kinds of the notifications written since the last event]} at once and after every change; `replaced` when a newer stream of the same person pushed this one out',
          produces: ['text/event-stream'],
          response: { 401: problemResponses(401)[401] },
        },
      },
      notificationStream(deps, app),
    );

    app.post(
      `${BASE}/:id/read`,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['notifications'],
          summary: 'Mark one notification as read (mnotificationar)',
          params: idParams,
          response: { 200: notificationSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) => notifications.markRead(deps, sessionOf(request).userId, request.params.id),
    );

    app.post(
      `${BASE}/read-all`,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['notifications'],
          summary: 'Mark every notification as read',
          response: { 200: unreadCountSchema, ...problemResponses(401) },
        },
      },
      async (request) => notifications.markAllRead(deps, sessionOf(request).userId),
    );
  };
