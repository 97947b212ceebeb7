import type { FixedDepositQuote } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { fieldError } from '../../platform/errors.js';
import { fixedDepositPlanById } from '../catalog/index.js';
import { utcDay } from './interest.js';
import { checkFixedDepositsAvailable } from './open.js';
import { idFrom } from './repo.js';
import { amountRefusal, termsFor } from './terms.js';

/**
 * What an offered plan pays for an amount opened today, by the rule the deposit will be opened
 * on (decision 18): the form shows it as the customer types.
 */
export async function quote(
  deps: AppDeps,
  userId: bigint,
  planText: string,
  principal: bigint,
): Promise<FixedDepositQuote> {
  await checkFixedDepositsAvailable(deps, userId);
  const planId = idFrom(planText);
  const plan = planId === null ? undefined : await fixedDepositPlanById(deps.db, planId);
  if (!plan?.active) throw fieldError('query.plan', 'Choose a plan from the list');
  const currency = deps.config.currency;
  const today = utcDay(deps.clock.now());
  const refusal = amountRefusal(plan, principal, today, currency);
  if (refusal) throw fieldError('query.amount', refusal);
  const terms = termsFor(plan, principal, today);
  return {
    principal: String(principal),
    annualRateBp: plan.rateBp,
    termDays: terms.termDays,
    startDate: today,
    maturityDate: terms.maturityDate,
    interest: String(terms.interest),
    total: String(terms.total),
    currency,
  };
}
