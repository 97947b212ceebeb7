import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/connection.js';

export interface TestAppOptions {
  webRoot?: string;
  trustProxy?: false | string[];
  /** Per-address rate limits: off unless a test is about them. */
  rateLimits?: boolean;
  uploadsDir?: string;
  /** Count rate limits in Redis instead of in the process. */
  rateLimitStore?: { redis: Redis; namespace?: string };
}

/** The real app, silent, on the given database. */
export function buildTestApp(
  database: Database,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: {
      basePath: '/wp-user',
      env: 'test',
      logLevel: 'silent',
      trustProxy: options.trustProxy ?? false,
      secretKey: 't'.repeat(64),
      appUrl: 'http://bank.test/wp-user',
      currency: 'USD',
    },
    database,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    rateLimits: options.rateLimits ?? false,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    uploadsDir: options.uploadsDir ?? mkdtempSync(path.join(os.tmpdir(), 'bank-uploads-')),
    logger: false,
  });
}
