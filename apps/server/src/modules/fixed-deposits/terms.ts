import { formatMoney, MAX_MINOR_UNITS } from '@bank/contract';
import { interestForDays, maturityOf } from './interest.js';

/** A fixed-deposit plan's terms as the catalog keeps them (fixed_deposit_plans). */
export interface PlanTerms {
  id: bigint;
  name: string;
  termCount: number;
  termUnit: 'days' | 'months';
  rateBp: number;
  minAmount: bigint;
  maxAmount: bigint | null;
  active: boolean;
}

/**
 * Why a plan does not take this principal opened on `startDate`, in the customer's words; null
 * when it does.
 */
export function amountRefusal(
  plan: PlanTerms,
  principal: bigint,
  startDate: string,
  currency: string,
): string | null {
  if (principal < plan.minAmount) {
    return `The ${plan.name} plan starts at ${formatMoney(plan.minAmount, currency)}`;
  }
  if (plan.maxAmount !== null && principal > plan.maxAmount) {
    return `The ${plan.name} plan takes at most ${formatMoney(plan.maxAmount, currency)}`;
  }
  const { interest } = termsFor(plan, principal, startDate);
  // Principal plus interest must still fit the ledger's bigint column at maturity.
  if (principal + interest > MAX_MINOR_UNITS) return 'That amount is too large';
  return null;
}

/**
 * The terms of a deposit of `principal` on `plan` opened on `startDate` (YYYY-MM-DD): when it
 * matures, its length in days and the interest it earns by the closed form of decision 18.
 */
export function termsFor(plan: PlanTerms, principal: bigint, startDate: string) {
  const { maturityDate, termDays } = maturityOf(startDate, {
    count: plan.termCount,
    unit: plan.termUnit,
  });
  const interest = interestForDays(principal, plan.rateBp, termDays);
  return { startDate, maturityDate, termDays, interest, total: principal + interest };
}
