import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();

async function customer() {
  return signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
}

async function notify(userId: bigint, title: string) {
  await suite.database.db.transaction().execute((trx) =>
    suite.app.deps.notifications.send(trx, userId, 'bank.message', {
      title,
      body: `${title}, in detail.`,
    }),
  );
}

/** Reads a Server-Sent Events stream from the listening app until `count` events arrived. */
function readEvents(port: number, cookie: string, count: number, onOpen: () => Promise<void>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; events: unknown[] }>(
    (resolve, reject) => {
      const request = http.get(
        {
          port,
          host: '127.0.0.1',
          path: '/api/v1/notifications/stream',
          // As a browser asks: the stream must still come uncompressed (decision 30).
          headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
        },
        (response) => {
          const events: unknown[] = [];
          let buffer = '';
          if (response.statusCode !== 200) {
            response.resume();
            resolve({ status: response.statusCode ?? 0, headers: response.headers, events });
            return;
          }
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (/^event: unread$/m.test(block) && data) {
                events.push(JSON.parse(data));
                if (events.length === 1) void onOpen().catch(reject);
                if (events.length === count) {
                  request.destroy();
                  resolve({ status: 200, headers: response.headers, events });
                }
              }
            }
          });
        },
      );
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      setTimeout(() => reject(new Error('stream timed out')), 10_000).unref();
    },
  );
}

/** Opens the stream and resolves when the server ends it, after `onOpen` ran on the first event. */
function streamEnds(port: number, cookie: string, onOpen: () => Promise<void>) {
  return new Promise<void>((resolve, reject) => {
    const request = http.get(
      { port, host: '127.0.0.1', path: '/api/v1/notifications/stream', headers: { cookie } },
      (response) => {
        let opened = false;
        response.setEncoding('utf8');
        response.on('data', () => {
          if (opened) return;
          opened = true;
          void onOpen().catch(reject);
        });
        response.on('end', () => resolve());
      },
    );
    request.on('error', reject);
    // Well before the 25 s heartbeat: only the announced end can close the stream in time.
    setTimeout(() => {
      request.destroy();
      reject(new Error('the stream outlived its session'));
    }, 8_000).unref();
  });
}

async function listeningPort() {
  if (!suite.app.server.listening) await suite.app.listen({ port: 0, host: '127.0.0.1' });
  return (suite.app.server.address() as AddressInfo).port;
}

describe('notifications', () => {
  it('lists newest first in pages with the unread count; read one, then all', async () => {
    const c = await customer();
    for (let i = 1; i <= 5; i++) await notify(c.userId, `Event ${i}`);

    const first = await c.client.get('/api/v1/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((n: { title: string }) => n.title)).toEqual(['Event 5', 'Event 4']);
    expect(page1.unread).toBe(5);
    const page2 = (
      await c.client.get(`/api/v1/notifications?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.items.map((n: { title: string }) => n.title)).toEqual(['Event 3', 'Event 2']);
    const page3 = (
      await c.client.get(`/api/v1/notifications?limit=2&cursor=${page2.nextCursor}`)
    ).json();
    expect(page3.items.map((n: { title: string }) => n.title)).toEqual(['Event 1']);
    expect(page3.nextCursor).toBeNull();

    const read = await c.client.post(`/api/v1/notifications/${page1.items[0].id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Event 5', read: true });
    expect((await c.client.get('/api/v1/notifications/unread-count')).json()).toEqual({
      unread: 4,
    });

    const all = await c.client.post('/api/v1/notifications/read-all');
    expect(all.json()).toEqual({ unread: 0 });
    expect((await c.client.get('/api/v1/notifications')).json().unread).toBe(0);

    expect((await c.client.get('/api/v1/notifications?cursor=abc')).statusCode).toBe(400);
  });

  it("never shows or marks another customer's notifications", async () => {
    const a = await customer();
    const b = await customer();
    await notify(a.userId, 'For A only');
    const aList = (await a.client.get('/api/v1/notifications')).json();
    const id = aList.items[0].id;
    expect((await b.client.get('/api/v1/notifications')).json()).toEqual({
      items: [],
      nextCursor: null,
      unread: 0,
    });
    expect((await b.client.post(`/api/v1/notifications/${id}/read`)).statusCode).toBe(404);
    await b.client.post('/api/v1/notifications/read-all');
    expect((await a.client.get('/api/v1/notifications')).json().unread).toBe(1);
  });

  it('is written with its event: a rolled-back event leaves no notification', async () => {
    const c = await customer();
    await expect(
      suite.database.db.transaction().execute(async (trx) => {
        await suite.app.deps.notifications.send(trx, c.userId, 'bank.message', {
          title: 'Never happened',
          body: 'The event failed after this line.',
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await c.client.get('/api/v1/notifications')).json().items).toEqual([]);
  });

  it('streams the unread count live: at once, after a new notification, after marking read', async () => {
    const c = await customer();
    await notify(c.userId, 'Before the stream');
    const port = await listeningPort();
    const other = await customer();

    const { status, headers, events } = await readEvents(
      port,
      c.client.cookie ?? '',
      3,
      async () => {
        // Another customer's notification wakes nobody here.
        await notify(other.userId, 'Not for c');
        await notify(c.userId, 'While watching');
        await new Promise((r) => setTimeout(r, 300));
        await c.client.post('/api/v1/notifications/read-all');
      },
    );
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['cache-control']).toMatch(/no-store/);
    // A compressor would hold the events back until its buffer filled.
    expect(headers['content-encoding']).toBeUndefined();
    // Each count says which kinds of notification were written since the one before.
    expect(events).toEqual([
      { unread: 1, changed: [] },
      { unread: 2, changed: ['bank.message'] },
      { unread: 0, changed: [] },
    ]);

    const signedOut = await readEvents(port, '', 1, async () => {});
    expect(signedOut.status).toBe(401);
  });

  it('ends the stream as soon as its session ends, here or in another process', async () => {
    const port = await listeningPort();
    const here = await customer();
    await streamEnds(port, here.client.cookie ?? '', async () => {
      await here.client.post('/api/v1/auth/signout');
    });
    const elsewhere = await customer();
    await streamEnds(port, elsewhere.client.cookie ?? '', async () => {
      // As another app server or an operator would: in SQL, announced only by the database.
      await suite.database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', elsewhere.userId)
        .execute();
    });
  });

  it.runIf(engineName === 'postgres')(
    'ends the stream of a session that ended while notifications were lost, once they flow again',
    async () => {
      const port = await listeningPort();
      const c = await customer();
      await streamEnds(port, c.client.cookie ?? '', async () => {
        // The listening connection drops; the session ends before it is back, unheard.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
                   where datname = current_database() and application_name = 'bank_listener'`.execute(
          suite.database.db,
        );
        await suite.database.db
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('user_id', '=', c.userId)
          .execute();
      });
    },
  );
});
