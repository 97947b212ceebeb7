import type { AppModule } from '../module.js';

/** Fixed deposits: opening, daily accrual, maturity. */
export const fixedDepositsModule: AppModule = { name: 'fixed-deposits' };
