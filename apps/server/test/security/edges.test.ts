import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/suite.js';
import { buildTestApp } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { createStaff, signInStaff } from '../helpers/staff.js';

/**
 * The edges of the app found by the outside review: paths spelt oddly, the Origin judged
 * against the configured origin, the development mailbox, and the API description in
 * production.
 */

const suite = useTestApp();

describe(`paths spelt oddly (${engineName})`, () => {
  it('an escaped /api prefix gets the same CSRF check, session and no-store as the plain one', async () => {
    const { client } = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    for (const url of ['/%61pi/v1/auth/me', '/%61%70%69/v1/auth/me', '/api/v1/%61uth/me']) {
      const me = await client.get(url);
      expect(me.statusCode, url).toBe(200);
      expect(me.json().scope, url).toBe('customer');
      expect(me.headers['cache-control'], url).toBe('no-store');
    }
    // A state-changing call without the CSRF header is refused whatever the spelling.
    const noHeader = await suite.app.inject({
      method: 'POST',
      url: '/%61pi/v1/auth/signout',
      headers: { cookie: client.cookie ?? '' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(200);
  });

  it('judges the Origin against the configured public origin, never the request Host', async () => {
    const { client } = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    const post = (headers: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot',
        payload: { email: 'someone@example.com' },
        headers: { 'x-bank-csrf': '1', cookie: client.cookie ?? '', ...headers },
      });
    // A page on another site that points its own name at our address: Host and Origin agree,
    // and that is not enough.
    const rebound = await post({ host: 'evil.example', origin: 'http://evil.example' });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().detail).toBe('Requests must come from this site.');
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'http://bank.test' })).statusCode).toBe(200);
  });

  it('without PUBLIC_URL (development) accepts only loopback origins of its own port', async () => {
    const dev = await buildTestApp(suite.database, { config: { publicOrigin: undefined } });
    try {
      await dev.listen({ host: '127.0.0.1', port: 0 });
      const address = dev.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const send = (origin: string) =>
        fetch(`http://127.0.0.1:${port}/api/v1/auth/forgot`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-bank-csrf': '1', origin },
          body: JSON.stringify({ email: 'someone@example.com' }),
        });
      expect((await send(`http://127.0.0.1:${port}`)).status).toBe(200);
      expect((await send(`http://localhost:${port}`)).status).toBe(200);
      expect((await send(`http://localhost:${port + 1}`)).status).toBe(403);
      expect((await send('http://192.168.1.20:3000')).status).toBe(403);
    } finally {
      await dev.close();
    }
  });
});

describe('the development mailbox', () => {
  let mailDir: string;
  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'bank-mailbox-guard-'));
  });
  afterAll(async () => {
    await rm(mailDir, { recursive: true, force: true });
  });

  async function withApp(
    options: { host: string; env?: 'development' | 'production' },
    run: (a: FastifyInstance) => Promise<void>,
  ) {
    const a = await buildTestApp(suite.database, {
      devMailbox: { dataDir: mailDir, host: options.host },
      config: { env: options.env ?? 'development' },
    });
    try {
      await run(a);
    } finally {
      await a.close();
    }
  }

  it('is served to a loopback client of a server bound to loopback', async () => {
    await withApp({ host: '127.0.0.1' }, async (a) => {
      const page = await a.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Local mailbox');
    });
  });

  it('is refused to any other client, and to a request relayed by a proxy', async () => {
    await withApp({ host: '127.0.0.1' }, async (a) => {
      const remote = await a.inject({
        method: 'GET',
        url: '/dev/mailbox',
        remoteAddress: '192.168.1.20',
      });
      expect(remote.statusCode).toBe(404);
      const proxied = await a.inject({
        method: 'GET',
        url: '/dev/mailbox',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(404);
      // DNS rebinding: another site's name pointed at this machine, read from a local browser.
      const rebound = await a.inject({
        method: 'GET',
        url: '/dev/mailbox',
        headers: { host: 'attacker.example:3000' },
      });
      expect(rebound.statusCode).toBe(404);
      for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']) {
        const local = await a.inject({ method: 'GET', url: '/dev/mailbox', headers: { host } });
        expect(local.statusCode, host).toBe(200);
      }
    });
  });

  it('does not exist when the server listens beyond loopback, nor in production', async () => {
    for (const options of [
      { host: '0.0.0.0' },
      { host: '192.168.1.5' },
      { host: '127.0.0.1', env: 'production' as const },
    ]) {
      await withApp(options, async (a) => {
        const page = await a.inject({ method: 'GET', url: '/dev/mailbox' });
        expect(page.statusCode, JSON.stringify(options)).toBe(404);
      });
    }
  });
});

describe('the API description in production', () => {
  it('is for signed-in staff only', async () => {
    const production = await buildTestApp(suite.database, { config: { env: 'production' } });
    try {
      await production.ready();
      const anonymous = new TestClient(production);
      for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/static/index.html']) {
        expect((await anonymous.get(url)).statusCode, url).toBe(404);
      }
      const customer = await signedInCustomer(production, suite.database, {
        kycStatus: 'approved',
      });
      expect((await customer.client.get('/api/openapi.json')).statusCode).toBe(404);
      const staff = {
        email: `docs.${Date.now()}@bank.example`,
        password: 'sturdy orchard violet compass',
      };
      await createStaff(suite.database, staff);
      const staffClient = await signInStaff(production, staff);
      const spec = await staffClient.get('/api/openapi.json');
      expect(spec.statusCode).toBe(200);
      expect(spec.json().openapi).toBe('3.1.0');
    } finally {
      await production.close();
    }
  });

  it('is public in development', async () => {
    expect((await new TestClient(suite.app).get('/api/openapi.json')).statusCode).toBe(200);
  });
});

describe('health in production', () => {
  it('says only ok or degraded to anyone but staff', async () => {
    const production = await buildTestApp(suite.database, { config: { env: 'production' } });
    try {
      await production.ready();
      const health = await new TestClient(production).get('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const detailed = await new TestClient(suite.app).get('/api/health');
      expect(detailed.json()).toMatchObject({
        database: { ok: true },
        version: expect.any(String),
      });
    } finally {
      await production.close();
    }
  });

  it('answers a URL the router cannot decode with problem+json and the security headers', async () => {
    const response = await suite.app.inject({
      method: 'GET',
      url: '/api/v1/staff/kyc/submissions/%E0%A4%A',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toMatch(/FST_|kyc\/submissions/);
  });
});
