import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NOTIFICATION_STREAM_EVENT,
  NOTIFICATION_STREAM_REPLACED_EVENT,
  type NotificationStreamMessage,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import {
  listenForEndedSessions,
  onSessionsEnded,
  sessionStillLive,
} from '../../platform/security/sessions.js';
import { sessionOf } from '../../plugins/access.js';
import { unreadCount } from './service.js';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Streams one person may hold open in one process (tabs); the oldest gives way. */
const STREAMS_PER_PERSON = 5;

/**
 * The live channel as Server-Sent Events over the session cookie (decisions 15 and 25): the
 * unread count at once, then again whenever the person's notifications change (announced by the
 * database at commit, from whichever app server wrote them), with the kinds of the notifications
 * written since the previous message, so that the app refreshes the screens they concern.
 * Announcements that arrive while a message is being read are sent together in the next one.
 * A sixth stream of one person in one process pushes the oldest out, which is told so
 * (`replaced`) and does not reconnect by itself. The stream ends when the session does: at once when
 * the end is announced (by this process, or by the database's `session_ended` notification
 * from any other), and as a backstop its liveness is checked at every heartbeat, without
 * counting as use, so an idle tab does not keep a session alive. The browser's EventSource
 * reconnects by itself; after sign-out it gets a 401 and stops.
 */
export function notificationStream(deps: AppDeps, app: FastifyInstance) {
  const open = new Map<string, Set<(why?: 'replaced') => void>>();
  const bySession = new Map<bigint, Set<() => void>>();
  const endSessions = (ids: readonly bigint[]) => {
    for (const id of ids) for (const end of [...(bySession.get(id) ?? [])]) end();
  };
  const stopAnnouncements = onSessionsEnded(endSessions);
  let stopListening: (() => Promise<void>) | null = null;
  let closing = false;
  // After notifications were lost (the listening connection dropped), every open stream's
  // session is asked again as soon as they flow once more.
  let heard = true;
  const recheckAll = () => {
    for (const id of [...bySession.keys()]) {
      void sessionStillLive(deps.db, id, deps.clock.now()).then(
        (live) => live || endSessions([id]),
        () => undefined,
      );
    }
  };
  app.addHook('onReady', async () => {
    // Not listening (the database is down at start) leaves the heartbeat check as the backstop.
    void listenForEndedSessions(
      deps.database,
      (ended) => endSessions(ended === 'all' ? [...bySession.keys()] : ended),
      (listening) => {
        if (listening && !heard) recheckAll();
        heard = listening;
      },
    )
      .then((stop) => {
        if (closing) void stop();
        else stopListening = stop;
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'not listening for ended sessions'));
  });
  app.addHook('preClose', async () => {
    closing = true;
    stopAnnouncements();
    await stopListening?.();
    for (const set of open.values()) for (const end of [...set]) end();
  });

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = sessionOf(request);
    const person = String(session.userId);
    const stream = new PassThrough();
    let ended = false;
    let sending: Promise<void> | null = null;
    let again = false;
    /** Kinds of the notifications announced since the last message, in the order they came. */
    const changed = new Set<string>();

    const sendCount = async (): Promise<void> => {
      if (sending) {
        again = true;
        return;
      }
      sending = (async () => {
        do {
          again = false;
          // Taken before the count is read: a kind announced meanwhile goes in the next message,
          // whose count is read after it was committed. A failed read keeps them for the next.
          const kinds = [...changed];
          changed.clear();
          let unread: number;
          try {
            unread = await unreadCount(deps, session.userId);
          } catch (error) {
            for (const kind of kinds) changed.add(kind);
            throw error;
          }
          if (ended) return;
          const message: NotificationStreamMessage = { unread, changed: kinds };
          stream.write(`event: ${NOTIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify(message)}\n\n`);
        } while (again && !ended);
      })()
        .catch((error: unknown) => request.log.warn({ err: error }, 'notification count failed'))
        .finally(() => {
          sending = null;
        });
      return sending;
    };

    let unsubscribe = () => {};
    const heartbeat = setInterval(() => {
      void sessionStillLive(deps.db, session.sessionId, deps.clock.now()).then(
        (live) => (live ? stream.write(': still here\n\n') : end()),
        () => end(),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const end = (why?: 'replaced') => {
      if (ended) return;
      ended = true;
      if (why === 'replaced') {
        stream.write(`event: ${NOTIFICATION_STREAM_REPLACED_EVENT}\ndata: {}\n\n`);
      }
      clearInterval(heartbeat);
      unsubscribe();
      open.get(person)?.delete(end);
      if (open.get(person)?.size === 0) open.delete(person);
      bySession.get(session.sessionId)?.delete(end);
      if (bySession.get(session.sessionId)?.size === 0) bySession.delete(session.sessionId);
      stream.end();
    };

    let mine = open.get(person);
    if (!mine) open.set(person, (mine = new Set()));
    if (mine.size >= STREAMS_PER_PERSON) [...mine][0]?.('replaced');
    mine.add(end);
    let ofSession = bySession.get(session.sessionId);
    if (!ofSession) bySession.set(session.sessionId, (ofSession = new Set()));
    ofSession.add(end);
    reply.raw.on('close', () => end());

    const stop = await deps.notificationHub.subscribe(session.userId, (kind) => {
      if (kind !== null) changed.add(kind);
      void sendCount();
    });
    // The client may have gone while the subscription was being made.
    if (ended) stop();
    else unsubscribe = stop;
    // The client waits this long before reconnecting after a drop.
    stream.write('retry: 5000\n\n');
    void sendCount();
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(stream);
  };
}
