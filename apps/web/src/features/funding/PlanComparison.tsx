import type { FundingForms } from '@bank/contract';
import { money, percent } from '../../components/funding/format';

type AccountPlan = FundingForms['accountPlans'][number];

/** What a plan changes, row by row: the terms an upgrade is bought for. */
const ROWS: readonly [string, (plan: AccountPlan, currency: string) => string][] = [
  ['Service charge on transfers', (p) => percent(p.serviceChargeBp)],
  ['Daily transfer limit', (p, c) => money(p.dailyTransferLimit, c)],
  ['Authorization code from', (p, c) => money(p.stepUpThreshold, c)],
  ['Price', (p, c) => money(p.price, c)],
];

/** The chosen plan beside the current one (PRODUCT.md: fees and terms shown before committing). */
export function PlanComparison({ forms, plan }: { forms: FundingForms; plan: string }) {
  const current = forms.accountPlans.find((p) => p.id === forms.currentPlanId);
  const chosen = forms.accountPlans.find((p) => p.id === plan);
  if (!chosen) return null;
  const caption = `Your plan now${current ? ` (${current.name})` : ''} and ${chosen.name}`;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">What changes with {chosen.name}</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <td className="py-1 pr-3" />
            <th scope="col" className="py-1 pr-3 font-medium">
              Now{current ? ` (${current.name})` : ''}
            </th>
            <th scope="col" className="py-1 font-medium">
              {chosen.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([label, value]) => (
            <tr key={label} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {label}
              </th>
              <td className="py-1.5 pr-3">{current ? value(current, forms.currency) : 'n/a'}</td>
              <td className="py-1.5 font-semibold">{value(chosen, forms.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
