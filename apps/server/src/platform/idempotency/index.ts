import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { uploadOf } from '../files/index.js';
import { requestFingerprint, withoutSecrets } from './fingerprint.js';
import { CLAIM_RENEW_MS, claimKey, releaseKey, renewClaim, saveAnswer } from './store.js';

export { purgeExpiredAnswers, CLAIM_LEASE_MS, ANSWER_KEPT_MS } from './store.js';

/**
 * Retries that do the work once (decision 0031). Every route that changes something for a
 * signed-in person (POST, PUT, PATCH or DELETE under /api/v1, behind a session or a staff
 * permission, outside /api/v1/auth) accepts an Idempotency-Key header, unless it declares
 * `config: { idempotent: false }` (and says why). With the header:
 * - the first request with the key does the work; a 2xx answer is saved (status, type, body);
 * - a retry with the same key and the same request (method, route, parameters, body, uploaded
 *   files' bytes; a PIN, password or code in the body is not compared, so a guess under a used
 *   key learns nothing) gets that answer again, marked `Idempotent-Replayed: true`, and nothing
 *   runs;
 * - the same key with another request is a 422 (IDEMPOTENCY_KEY_REUSED);
 * - a retry while the first is still running is a 409 (IDEMPOTENCY_IN_PROGRESS), never a second
 *   run, with Retry-After: 1 while the first renews its claim, or the seconds until its claim
 *   lapses once it has stopped renewing it (its server died: store.ts, `retryAfter`);
 * - a refusal (4xx) or a failure (5xx) saves nothing: the key is free again, so the same form
 *   sent again once the customer has topped up, or the server is back, does the work.
 * Keys are the person's own: the same key from another person is another key.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Retries with one Idempotency-Key do the work once (platform/idempotency): the default for
     * a signed-in person's changes; false opts a route out.
     */
    idempotent?: boolean;
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]{8,100}$/;
const KEY_DESCRIPTION =
  'Names one intent of the caller (8 to 100 printable ASCII characters, e.g. a UUID made when ' +
  'the form is sent). A retry with the same key and the same request gets the first answer ' +
  '(header Idempotent-Replayed: true) and does nothing again; the same key with another request ' +
  'is a 422 (IDEMPOTENCY_KEY_REUSED); while the first is still running, a 409 ' +
  '(IDEMPOTENCY_IN_PROGRESS) with Retry-After: 1 while the first runs, or the seconds until a ' +
  'first attempt that stopped (its server died) may be taken over. Only answers 200-299 are kept (24 hours); after a ' +
  'refusal or a failure the same key may be sent again. Keys are scoped to the signed-in person.';

/** The Idempotency-Key header as a schema: required, as transfers and adjustments ask for it. */
export const idempotencyKeyHeader = z
  .string({ error: 'Send an Idempotency-Key header' })
  .regex(KEY, 'The Idempotency-Key is 8 to 100 printable characters')
  .describe(KEY_DESCRIPTION);

/** The headers of a route where the key is optional (every idempotent route that sets none). */
export const optionalIdempotencyHeaders = z.looseObject({
  'idempotency-key': idempotencyKeyHeader.optional(),
});

interface Held {
  userId: bigint;
  key: string;
  token: string;
  /** Renews the claim's lease while the attempt runs. */
  renewal: NodeJS.Timeout;
}

const held = new WeakMap<FastifyRequest, Held>();

/** The claim this request holds, let go of: its lease is no longer renewed. */
function letGo(request: FastifyRequest): Held | undefined {
  const claim = held.get(request);
  if (!claim) return undefined;
  held.delete(request);
  clearInterval(claim.renewal);
  return claim;
}

async function claimOrAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  options: IdempotencyOptions,
): Promise<FastifyReply | undefined> {
  if (!request.routeOptions.config.idempotent) return undefined;
  const key = request.headers['idempotency-key'];
  const userId = request.session?.userId;
  if (typeof key !== 'string' || userId === undefined) return undefined;
  // The route's schema checked the header; a route that forgot to declare it still refuses.
  if (!KEY.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key is 8 to 100 printable characters');
  }
  const upload = request.routeOptions.config.upload ? await uploadOf(request) : undefined;
  const fingerprint = requestFingerprint(options.secretKey, {
    method: request.method,
    route: request.routeOptions.url,
    params: request.params,
    query: request.query,
    // What the person alone knows (a PIN, a password, a code) is not compared: a retry under a
    // used key must not tell a right guess from a wrong one (fingerprint.ts).
    body: upload
      ? { ...upload, fields: withoutSecrets(upload.fields) }
      : withoutSecrets(request.body ?? null),
  });
  const outcome = await claimKey(options.db, {
    userId,
    key,
    fingerprint,
    serverId: options.serverId,
    now: options.clock.now(),
  });
  switch (outcome.kind) {
    case 'run': {
      const claim = { userId, key, token: outcome.token };
      const renewal = setInterval(() => {
        renewClaim(options.db, claim, options.clock.now()).catch((error: unknown) =>
          request.log.warn({ err: error }, 'idempotency claim not renewed'),
        );
      }, CLAIM_RENEW_MS);
      renewal.unref();
      held.set(request, { ...claim, renewal });
      return undefined;
    }
    case 'replay': {
      const { status, type, body } = outcome.answer;
      if (type) reply.type(type);
      reply.code(status).header('idempotent-replayed', 'true');
      return reply.send(status === 204 ? undefined : body);
    }
    case 'running':
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      throw new AppError(
        'IDEMPOTENCY_IN_PROGRESS',
        'This request is still being processed. Wait a moment, then look at its result.',
      );
    case 'reused':
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request. Send the new request with a new key.',
      );
  }
}

/** Saves a 2xx answer for the retries to come, or frees the key of anything else. */
async function settle(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  options: IdempotencyOptions,
) {
  const claim = letGo(request);
  if (!claim) return;
  const status = reply.statusCode;
  const body =
    payload === undefined || payload === null
      ? ''
      : typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : undefined;
  try {
    if (status >= 200 && status < 300 && body !== undefined) {
      const type = reply.getHeader('content-type');
      await saveAnswer(
        options.db,
        claim,
        { status, type: typeof type === 'string' ? type : null, body },
        options.clock.now(),
      );
    } else {
      await releaseKey(options.db, claim);
    }
  } catch (error) {
    // The answer still goes out; a retry meets the claim until its lease ends.
    request.log.error({ err: error }, 'idempotency key not settled');
  }
}

export interface IdempotencyOptions {
  db: Kysely<DB>;
  clock: Clock;
  /** The HMAC key of fingerprints (the app's secret). */
  secretKey: string;
  serverId: string;
}

/**
 * Installs the mechanism: the optional header joins the schema (and so the OpenAPI description)
 * of every idempotent route that declares no header of its own; the claim runs once the request
 * is authenticated and validated; the answer is kept as it leaves. Call before the OpenAPI
 * plugin and the routes are registered.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    const idempotent =
      route.config?.idempotent ??
      (route.url.startsWith('/api/v1/') &&
        !route.url.startsWith('/api/v1/auth/') &&
        methods.some((m) => CHANGES.has(String(m))) &&
        access !== undefined &&
        !('public' in access));
    route.config = { ...route.config, idempotent };
    if (!idempotent) return;
    // A multipart route is fingerprinted by what it reads: it must say what that is.
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    if (consumes.includes('multipart/form-data') && !route.config.upload) {
      throw new Error(
        `${methods.join(',')} ${route.url} takes uploads: declare config.upload, or idempotent: false`,
      );
    }
    route.schema = { ...route.schema };
    if (!route.schema.headers) route.schema.headers = optionalIdempotencyHeaders;
  });
  app.addHook('preHandler', (request, reply) => claimOrAnswer(request, reply, options));
  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply, payload, options);
    return payload;
  });
  // An answer that never went through onSend (the connection ended first): free the key.
  app.addHook('onResponse', async (request) => {
    const claim = letGo(request);
    if (!claim) return;
    await releaseKey(options.db, claim).catch((error: unknown) =>
      request.log.error({ err: error }, 'idempotency key not released'),
    );
  });
}
