import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { apiNotFound, registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { KYC_MAX_FILE_BYTES } from '@bank/contract';
import { accountRoutes } from './modules/accounts/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { createFileStore } from './platform/files/index.js';
import { redisStoreWithFallback } from './platform/rate-limit-store.js';
import { registerSessions } from './plugins/session.js';
import { devMailboxRoutes } from './routes/dev-mailbox.js';
import { healthRoutes } from './routes/health.js';
import { appVersion } from './version.js';

export interface AppOptions {
  config: Pick<
    Config,
    'basePath' | 'env' | 'logLevel' | 'trustProxy' | 'secretKey' | 'appUrl' | 'currency'
  >;
  database: Database;
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
  /** The local mailbox to show at /dev/mailbox (development without SMTP only). */
  devMailboxDir?: string;
  /** Where uploaded documents are kept (DATA_DIR/uploads): private, outside any web root. */
  uploadsDir: string;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole HTTP application; main.ts listens with it and tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
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
    bodyLimit: 1_048_576,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurity(app, { production: config.env === 'production' });
  registerErrorHandling(app);
  await registerOpenApi(app, { version: appVersion });

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
  });
  await registerSessions(app, { database, production: config.env === 'production' });

  await app.register(healthRoutes(database, appVersion));
  await app.register(
    authRoutes({ db: database.db, secretKey: config.secretKey, appUrl: config.appUrl }),
  );
  await app.register(accountRoutes(database.db));
  await app.register(catalogRoutes(database));
  await app.register(multipart, {
    limits: { fileSize: KYC_MAX_FILE_BYTES + 1, files: 3, fields: 10, fieldSize: 1000, parts: 13 },
  });
  await app.register(
    kycRoutes(
      { db: database.db, files: createFileStore(options.uploadsDir), currency: config.currency },
      database,
    ),
  );
  if (options.devMailboxDir && config.env !== 'production') {
    await app.register(devMailboxRoutes({ dataDir: options.devMailboxDir }));
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
