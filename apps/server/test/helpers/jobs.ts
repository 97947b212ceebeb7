import type { FastifyInstance } from 'fastify';
import { modules } from '../../src/modules/index.js';
import { startJobWorker } from '../../src/platform/jobs/worker.js';
import type { JobHandler } from '../../src/platform/jobs/types.js';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * Runs the app's background jobs that are due (code requests, notices, sweeps) until none is
 * left, as the worker would. Emails stay queued, so tests read them from the jobs table; pass
 * `extra` handlers (an email transport) to run those too, and `periodic` to start the periodic
 * jobs as the server does.
 */
export async function runJobs(
  app: FastifyInstance,
  extra: JobHandler[] = [],
  options: { periodic?: boolean } = {},
): Promise<number> {
  const worker = startJobWorker({
    db: app.deps.db,
    handlers: [...modules.flatMap((m) => m.jobs?.(app.deps) ?? []), ...extra],
    // Periodic work (the upload sweep) is scheduled as at a real start, when asked.
    periodic: options.periodic ? modules.flatMap((m) => m.periodic ?? []) : [],
    logger: quiet,
    poll: false,
  });
  try {
    return await worker.drain();
  } finally {
    await worker.stop();
  }
}
