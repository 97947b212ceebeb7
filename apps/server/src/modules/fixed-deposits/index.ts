import { z } from 'zod';
import { defineJob } from '../../platform/jobs/types.js';
import type { AppModule } from '../module.js';
import { accrueAll } from './accrual.js';
import { fixedDepositRoutes } from './routes.js';

export { openFixedDeposit, type FixedDepositFunding } from './open.js';
export {
  fixedDepositsForStatement,
  listFixedDeposits,
  type StatementFixedDeposit,
} from './read.js';

/** Brings every active fixed deposit's interest up to today, and pays out the matured ones. */
export const ACCRUAL_JOB = 'fixed_deposits.accrue';

/**
 * Fixed deposits: opening (from the balance here, from a confirmed request by the funding
 * module), daily interest and maturity by a periodic job that is safe to run any number of
 * times and catches up after downtime (decision 18).
 */
export const fixedDepositsModule: AppModule = {
  name: 'fixed-deposits',
  routes: fixedDepositRoutes,
  jobs: (deps) => [
    defineJob({
      kind: ACCRUAL_JOB,
      payload: z.object({}),
      maxAttempts: 5,
      async run(_payload, context) {
        await accrueAll(deps, context.signal);
      },
    }),
  ],
  periodic: [{ kind: ACCRUAL_JOB, everyMs: 60 * 60_000 }],
};
