import { ORPHAN_SWEEP_JOB, orphanSweepJob } from '../../platform/files/index.js';
import type { AppModule } from '../module.js';

/** The private upload store's housekeeping: crash leftovers are swept every hour. */
export const filesModule: AppModule = {
  name: 'files',
  jobs: (deps) => [orphanSweepJob({ db: deps.db, files: deps.files, clock: deps.clock })],
  periodic: [{ kind: ORPHAN_SWEEP_JOB, everyMs: 60 * 60_000 }],
};
