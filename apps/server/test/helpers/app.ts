import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/connection.js';

/** The real app, silent, on the given database; `webRoot` to include the built web app. */
export function buildTestApp(
  database: Database,
  webRoot?: string,
  trustProxy: false | string[] = false,
  rateLimits = false,
): Promise<FastifyInstance> {
  return buildApp({
    config: {
      basePath: '/wp-user',
      env: 'test',
      logLevel: 'silent',
      trustProxy,
      secretKey: 't'.repeat(64),
      appUrl: 'http://bank.test/wp-user',
    },
    database,
    ...(webRoot ? { webRoot } : {}),
    rateLimits,
    logger: false,
  });
}
