import type { AppModule } from '../module.js';

/** Customers' crypto-paid requests (deposit, payment, fixed deposit, upgrade) and staff review. */
export const fundingModule: AppModule = { name: 'funding' };
