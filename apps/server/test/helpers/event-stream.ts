import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as received: its name and its data, parsed. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The port the app listens on, starting it on a free one the first time. */
export async function listeningPort(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * The live channel as a browser holds it (`GET /api/v1/notifications/stream` with the session
 * cookie): every event kept in order; `next` waits for the first event from now on (or already
 * received and not yet taken) that matches, `ended` for the server to end the stream.
 */
export async function openEventStream(app: FastifyInstance, cookie: string) {
  const port = await listeningPort(app);
  const events: StreamEvent[] = [];
  let taken = 0;
  let wake = () => {};
  let ended = false;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      { port, host: '127.0.0.1', path: '/api/v1/notifications/stream', headers: { cookie } },
      resolve,
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
  if (response.statusCode !== 200) {
    response.resume();
    throw new Error(`the stream answered ${response.statusCode}`);
  }
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
    wake();
  });
  response.on('end', () => {
    ended = true;
    wake();
  });

  const waitFor = <T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${what} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      timer.unref();
      const look = () => {
        const found = check();
        if (found === undefined) return;
        clearTimeout(timer);
        wake = () => {};
        resolve(found);
      };
      wake = look;
      look();
    });

  return {
    events,
    /** The next event (not taken before) that `matches`, waiting for it if need be. */
    next(matches: (event: StreamEvent) => boolean = () => true, timeoutMs = 10_000) {
      return waitFor(
        () => {
          for (let i = taken; i < events.length; i++) {
            const event = events[i] as StreamEvent;
            if (matches(event)) {
              taken = i + 1;
              return event;
            }
          }
          return undefined;
        },
        'matching event',
        timeoutMs,
      );
    },
    /** Resolves once the server has ended the stream. */
    ended(timeoutMs = 10_000) {
      return waitFor(() => (ended ? true : undefined), 'end of the stream', timeoutMs);
    },
    close() {
      response.destroy();
    },
  };
}

/** The data of an `unread` event: the count and the kinds written since the last one. */
export function unreadData(event: StreamEvent): { unread: number; changed: string[] } {
  return event.data as { unread: number; changed: string[] };
}
