import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/connection.js';
import { createDeps, type AppConfig } from '../../src/deps.js';
import type { AppModule } from '../../src/modules/index.js';
import type { Clock } from '../../src/platform/clock.js';
import type { UploadStoreSettings } from '../../src/platform/files/index.js';

export interface TestAppOptions {
  webRoot?: string;
  trustProxy?: false | string[];
  /** Per-address rate limits: off unless a test is about them. */
  rateLimits?: boolean;
  uploadsDir?: string;
  /** Where uploads go (UPLOAD_STORE): the folder unless a test is about another store. */
  uploadStore?: UploadStoreSettings;
  /** Count rate limits in Redis instead of in the process. */
  rateLimitStore?: { redis: Redis; namespace?: string };
  /** A clock the test moves (code expiry, second-factor codes). */
  clock?: Clock;
  config?: Partial<AppConfig>;
  /** A pino-compatible logger (the log scan) instead of silence. */
  logger?: Parameters<typeof buildApp>[0]['logger'];
  devMailbox?: { dataDir: string; host: string };
  /** The feature modules to serve (default: all). */
  modules?: readonly AppModule[];
  /** The X-Served-By id (default: host and pid). */
  serverId?: string;
}

/** The origin test clients claim when they send an Origin header. */
export const TEST_ORIGIN = 'http://bank.test';

/** The real app, silent, on the given database. */
export function buildTestApp(
  database: Database,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const deps = createDeps({
    config: {
      basePath: '/wp-user',
      env: 'test',
      logLevel: 'silent',
      trustProxy: options.trustProxy ?? false,
      secretKey: 't'.repeat(64),
      appUrl: `${TEST_ORIGIN}/wp-user`,
      publicOrigin: TEST_ORIGIN,
      currency: 'USD',
      ...options.config,
    },
    database,
    uploadsDir: options.uploadsDir ?? mkdtempSync(path.join(os.tmpdir(), 'bank-uploads-')),
    ...(options.uploadStore ? { uploadStore: options.uploadStore } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return buildApp({
    deps,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    rateLimits: options.rateLimits ?? false,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    ...(options.devMailbox ? { devMailbox: options.devMailbox } : {}),
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.serverId ? { serverId: options.serverId } : {}),
    logger: options.logger ?? false,
  });
}

/** A clock standing still at `start` until a test moves it. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
