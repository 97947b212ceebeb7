import { LEDGER_CHECK_EVERY_MINUTES } from '@bank/contract';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/types.js';
import type { AppModule } from '../module.js';
import { trialBalanceRoutes } from './routes.js';
import { runLedgerCheck } from './service.js';

export { latestCheck } from './service.js';

export const LEDGER_CHECK_JOB = 'ledger.check';

/**
 * The trial balance and the ledger's health: every account's balance, each currency's sum, and
 * the invariant checker run every 15 minutes by a job (once across every app server: jobs are
 * claimed in the database), its verdicts kept in `ledger_checks` for the overview.
 */
export const trialBalanceModule: AppModule = {
  name: 'trial-balance',
  routes: trialBalanceRoutes,
  jobs: (deps) => [
    defineJob({
      kind: LEDGER_CHECK_JOB,
      payload: z.object({}).passthrough(),
      async run() {
        await runLedgerCheck(deps, { trigger: 'schedule' });
      },
    }),
  ],
  periodic: [{ kind: LEDGER_CHECK_JOB, everyMs: LEDGER_CHECK_EVERY_MINUTES * 60_000 }],
};
