import type { AppModule } from '../module.js';
import { kycRoutes } from './routes.js';

export { verifiedCountry } from './repo.js';
export { identityChecksOf } from './service.js';
export { pendingReviews } from './service.js';

/** Identity checks: the customer's documents and the staff review that opens the account. */
export const kycModule: AppModule = { name: 'kyc', routes: kycRoutes };
