import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { KYC_MAX_FILE_BYTES } from '@bank/contract';
import type { AppDeps } from './deps.js';
import { modules as allModules, type AppModule } from './modules/index.js';
import { devMailboxRoutes, isLoopbackAddress } from './modules/system/dev-mailbox.js';
import { clientKey } from './platform/client-key.js';
import { AppError } from './platform/errors.js';
import { loggerOptions } from './platform/logging.js';
import { auditRateLimits } from './platform/rate-limit-audit.js';
import { redisStoreWithFallback } from './platform/rate-limit-store.js';
import { registerIdempotency } from './platform/idempotency/index.js';
import { defaultServerId } from './platform/server-id.js';
import { findUnacceptableText, unacceptableTextError } from './platform/text.js';
import { registerAccess } from './plugins/access.js';
import { registerCompression } from './plugins/compression.js';
import { apiNotFound, registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { responseSerializerCompiler } from './plugins/serializer.js';
import { registerSessions } from './plugins/session.js';
import { registerWeb } from './plugins/web.js';
import { appVersion } from './version.js';

export interface AppOptions {
  deps: AppDeps;
  /** The built web app (apps/web/dist); the API works without it. */
  webRoot?: string;
  /** Per-address rate limits (default on); test suites that sign in often turn them off. */
  rateLimits?: boolean;
  /**
   * Where rate limits are counted: in this process by default; in Redis (shared by every app
   * server) when given, under keys starting with `namespace` (default `bank-rl:`), falling back
   * to this process while Redis cannot answer.
   */
  rateLimitStore?: { redis: Redis; namespace?: string };
  /**
   * The local mailbox to show at /dev/mailbox (development without SMTP only), and the address
   * the server listens on: the page exists only when that is a loopback address.
   */
  devMailbox?: { dataDir: string; host: string };
  logger?: FastifyServerOptions['logger'];
  /** The feature modules to serve (default: all of them). */
  modules?: readonly AppModule[];
  /** Which app server this is (X-Served-By, every log line): SERVER_ID, else host and pid. */
  serverId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the modules were built with (tests run jobs through them). */
    deps: AppDeps;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Whether the mailbox page may be served: never in production, only on a loopback address. */
export function devMailboxAllowed(env: string, host: string): boolean {
  return env !== 'production' && isLoopbackAddress(host);
}

/** Builds the whole HTTP application; main.ts listens with it and tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { deps } = options;
  const { config, database } = deps;
  const production = config.env === 'production';
  const serverId = options.serverId ?? defaultServerId();
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, serverId),
    // Behind a trusted proxy, its request id is kept when well-formed, so logs join up; a
    // client talking to us directly does not get to choose ids.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return config.trustProxy !== false && typeof given === 'string' && REQUEST_ID.test(given)
        ? given
        : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // JSON bodies here are small forms; uploads are multipart, with limits of their own. A small
    // limit also bounds what parsing and checking one request can cost.
    bodyLimit: 65_536,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false },
    // A URL the router cannot even decode never reaches the hooks that set the security headers
    // and problem+json: it gets both here, without echoing the URL or naming the framework.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      void reply
        .status(400)
        .headers({
          'content-type': 'application/problem+json',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          'x-request-id': String(request.id),
          'x-served-by': serverId,
        })
        .send(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            code: 'BAD_REQUEST',
            detail: 'The address of this request is not valid.',
            requestId: String(request.id),
          }),
        );
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Which server answered, for an operator behind a load balancer (decision 0031).
    reply.header('x-served-by', serverId);
  });
  // The net under every route's schema: no control characters or broken Unicode in any text
  // a request carries (PostgreSQL refuses NUL and lone surrogates; they never reach it).
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const found = findUnacceptableText(value);
      if (found) throw unacceptableTextError(`${where}.${found}`);
    }
  });

  await registerSecurity(app, { production });
  // Before the routes and the static files: its hook must see every answer.
  await registerCompression(app);
  registerErrorHandling(app);
  // 429s go to the audit log, at most one row per client address and route a minute.
  const markRateLimited = auditRateLimits(app, deps);

  await app.register(rateLimit, {
    global: false,
    ...(options.rateLimits === false ? { allowList: () => true } : {}),
    ...(options.rateLimitStore
      ? {
          store: redisStoreWithFallback(
            options.rateLimitStore.redis,
            options.rateLimitStore.namespace ?? 'bank-rl:',
          ),
        }
      : {}),
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (request, context) => {
      markRateLimited(request, context);
      return new AppError(
        'RATE_LIMITED',
        `Too many attempts. Please wait ${context.after} and try again.`,
      );
    },
  });
  await registerSessions(app, { database, production, publicOrigin: config.publicOrigin });
  registerAccess(app, database);
  // Before the OpenAPI description and the routes: it adds the header to idempotent routes.
  registerIdempotency(app, {
    db: database.db,
    clock: deps.clock,
    secretKey: config.secretKey,
    serverId,
  });
  await registerOpenApi(app, { version: appVersion, production });
  await app.register(multipart, {
    limits: { fileSize: KYC_MAX_FILE_BYTES + 1, files: 3, fields: 10, fieldSize: 1000, parts: 13 },
  });

  const modules = options.modules ?? allModules;
  // Approval kinds first: the inbox's access is drawn from who may approve them.
  for (const module of modules) {
    for (const kind of module.approvalKinds ?? []) {
      if (!deps.approvals.get(kind.kind)) deps.approvals.register(kind);
    }
  }
  for (const module of modules) {
    if (module.routes) await app.register(module.routes(deps));
  }
  if (options.devMailbox && devMailboxAllowed(config.env, options.devMailbox.host)) {
    await app.register(devMailboxRoutes({ dataDir: options.devMailbox.dataDir }));
  }

  if (options.webRoot) {
    await registerWeb(app, { basePath: config.basePath, webRoot: options.webRoot });
  } else {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.redirect(`${config.basePath}/`),
    );
  }
  app.setNotFoundHandler(apiNotFound);
  return app;
}
