import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/connection.js';
import { AppError } from '../../src/platform/errors.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';

let database: Database;
let app: FastifyInstance;
let webRoot: string;
const BIG_CHUNK = Array.from({ length: 200 }, (_, i) => `export const line${i} = ${i};`).join('\n');

beforeAll(async () => {
  database = await createTestDatabase();
  // A stand-in build of the web app, as `vite build` lays it out.
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'bank-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    // As built with Vite's html.cspNonce: the placeholder where each response's nonce goes.
    '<!doctype html><html><head><base href="/wp-user/" />' +
      '<meta property="csp-nonce" nonce="__CSP_NONCE__" />' +
      '<script type="module" nonce="__CSP_NONCE__" src="./assets/app-abc123.js"></script>' +
      '</head><body><div id="root"></div>' +
      // As long as the real page (about 1.2 kB), over the size the server compresses from.
      '<noscript>Cedar Bank needs JavaScript to run.</noscript>'.repeat(24) +
      '</body></html>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.map'), '{}');
  // A chunk as the build leaves it: beside it, its brotli and gzip copies (vite.config.ts).
  writeFileSync(path.join(webRoot, 'assets', 'page-def456.js'), BIG_CHUNK);
  writeFileSync(path.join(webRoot, 'assets', 'page-def456.js.br'), brotliCompressSync(BIG_CHUNK));
  writeFileSync(path.join(webRoot, 'assets', 'page-def456.js.gz'), gzipSync(BIG_CHUNK));
  app = await buildTestApp(database, { webRoot });
  // Routes that exist only here, to drive the error handler through each kind of failure.
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }) } },
    async (request) => request.body,
  );
  app.get('/api/test/app-error', async () => {
    throw new AppError('LEDGER_INSUFFICIENT_FUNDS', 'Insufficient balance');
  });
  app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail: connection string postgres://user:pw@db');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('health', () => {
  it('answers 200 with a database round trip', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('errors are application/problem+json', () => {
  it('names the invalid fields and writes nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'x-bank-csrf': '1' },
      payload: { email: 'nope', age: 12 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', title: 'Bad Request' });
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.age',
      'body.email',
    ]);
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'x-bank-csrf': '1' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(400);
  });

  it('keeps an AppError code and its user-facing message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'LEDGER_INSUFFICIENT_FUNDS',
      detail: 'Insufficient balance',
    });
  });

  it('never sends the details of a 5xx', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ title: 'Internal Server Error', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('postgres://');
  });

  it('answers unknown API routes with 404 problem+json', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', instance: '/api/v1/nowhere' });
  });
});

describe('request ids', () => {
  it('gives every response one, and ignores one sent by a client talking to us directly', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const chosen = await app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'x-request-id': 'client-chosen-1' },
    });
    expect(chosen.headers['x-request-id']).not.toBe('client-chosen-1');
  });

  it("behind a trusted proxy, keeps the proxy's well-formed id and refuses a forged one", async () => {
    // app.inject comes from 127.0.0.1: the proxy here is loopback.
    const proxied = await buildTestApp(database, { trustProxy: ['loopback'] });
    try {
      const given = await proxied.inject({
        method: 'GET',
        url: '/api/nowhere',
        headers: { 'x-request-id': 'proxy-req-12345' },
      });
      expect(given.headers['x-request-id']).toBe('proxy-req-12345');
      expect(given.json().requestId).toBe('proxy-req-12345');
      const hostile = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'x\nforged log line' },
      });
      expect(hostile.headers['x-request-id']).not.toContain('forged');
    } finally {
      await proxied.close();
    }
  });
});

describe('security headers', () => {
  it('sets a strict CSP, nosniff, no framing and a referrer policy on pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/wp-user/auth' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

/** A policy as directive name -> its sources. */
function directivesOf(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...sources] = directive.split(/\s+/);
        return [name, sources] as const;
      }),
  );
}

describe("the app page's content security policy", () => {
  it('adds a fresh style nonce per response, the one written into that page', async () => {
    const pages = await Promise.all(
      ['/wp-user/auth', '/wp-user/auth', '/wp-user/dashboard'].map((url) =>
        app.inject({ method: 'GET', url }),
      ),
    );
    const nonces = pages.map((page) => {
      const styleSrc = directivesOf(page.headers['content-security-policy']).get('style-src');
      expect(styleSrc?.[0]).toBe("'self'");
      expect(styleSrc).toHaveLength(2);
      const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(styleSrc?.[1] ?? '')?.[1];
      expect(nonce, 'a base64 nonce of 128 bits').toBeDefined();
      // Every placeholder in the page carries this response's nonce, and only it.
      expect(page.body).not.toContain('__CSP_NONCE__');
      expect(page.body.match(/nonce="[^"]*"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      return nonce;
    });
    expect(new Set(nonces).size).toBe(pages.length);
  });

  it('loosens nothing else: the same policy as every response, and no nonce for scripts', async () => {
    const page = await app.inject({ method: 'GET', url: '/wp-user/auth' });
    const pagePolicy = directivesOf(page.headers['content-security-policy']);
    for (const url of ['/api/health', '/wp-user/assets/app-abc123.js']) {
      const other = await app.inject({ method: 'GET', url });
      const policy = directivesOf(other.headers['content-security-policy']);
      expect(policy.get('style-src'), url).toEqual(["'self'"]);
      expect([...pagePolicy.keys()].sort(), url).toEqual([...policy.keys()].sort());
      for (const [name, sources] of policy) {
        if (name !== 'style-src') expect(pagePolicy.get(name), `${url}: ${name}`).toEqual(sources);
      }
    }
    expect(pagePolicy.get('script-src')).toEqual(["'self'"]);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });
});

describe('web app under BASE_PATH', () => {
  it('redirects the site root to the base path', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/wp-user/');
  });

  it('serves the app page for app paths, with the base path written in', async () => {
    for (const url of ['/wp-user/', '/wp-user/auth', '/wp-user/dashboard/anything']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<base href="/wp-user/" />');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, hides source maps, 404s a missing asset', async () => {
    const asset = await app.inject({ method: 'GET', url: '/wp-user/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const map = await app.inject({ method: 'GET', url: '/wp-user/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    const missing = await app.inject({ method: 'GET', url: '/wp-user/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('compression (decision 30)', () => {
  const asset = '/wp-user/assets/page-def456.js';

  it("sends a built asset as the build compressed it, brotli first, under the asset's name", async () => {
    const br = await app.inject({
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_CHUNK);

    const gzip = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_CHUNK);

    const plain = await app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_CHUNK);
  });

  it('gives the compressed copies no address of their own', async () => {
    for (const url of [`${asset}.br`, `${asset}.gz`]) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('compresses the app page, its nonce in the compressed page and its policy alike', async () => {
    const page = await app.inject({ url: '/wp-user/auth', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('compresses API answers over 1 kB, not the small ones', async () => {
    const large = await app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString()).openapi).toBe('3.1.0');
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('never inflates a compressed request body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'x-bank-csrf': '1',
      },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', age: 30 })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('describes the routes from their schemas and renders a docs page', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/health'].get.responses['200']).toBeDefined();
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('a database that stops answering', () => {
  it('turns health into 503 degraded', async () => {
    const broken = await createTestDatabase();
    const brokenApp = await buildTestApp(broken);
    await broken.db.destroy();
    const response = await brokenApp.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    await brokenApp.close();
    await broken.close().catch(() => undefined);
  });
});
