import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import type { AppModule } from '../module.js';
import { catalogApprovalKinds } from './dual-control.js';
import { fundingCatalogRoutes } from './funding-routes.js';
import { catalogRoutes } from './routes.js';

export { bankLetterhead, institutionDetails } from './institution.js';
export { setupChecklist } from './setup.js';

export {
  accountPlanById,
  currentPlanOf,
  planTerms,
  fixedDepositPlanById,
  offeredAccountPlan,
  offeredCryptoType,
  offeredFixedDepositPlan,
  offeredPaymentPurpose,
  type AccountPlanTerms,
  type OfferedCryptoType,
  type PlanTerms,
} from './offered.js';

/**
 * What staff keep in the catalog (catalog.manage): identity document types, and the funding
 * catalog (crypto types, payment purposes, fixed-deposit and account plans, institution
 * details) with the customer reads of it. Changes of what decides where money goes or what it
 * costs wait for a second person (dual-control.ts).
 */
export const catalogModule: AppModule = {
  name: 'catalog',
  routes:
    (deps: AppDeps): FastifyPluginAsyncZod =>
    async (app) => {
      await app.register(catalogRoutes(deps));
      await app.register(fundingCatalogRoutes(deps));
    },
  approvalKinds: catalogApprovalKinds,
};
