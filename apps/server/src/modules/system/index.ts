import type { AppModule } from '../module.js';
import { healthRoutes } from './health.js';
import { HOUSEKEEPING_JOB, housekeepingJob } from './housekeeping.js';

/** Service health, and the daily clean-up of finished jobs, used codes and ended sessions. */
export const systemModule: AppModule = {
  name: 'system',
  routes: healthRoutes,
  jobs: (deps) => [housekeepingJob(deps)],
  periodic: [{ kind: HOUSEKEEPING_JOB, everyMs: 24 * 60 * 60_000 }],
};
