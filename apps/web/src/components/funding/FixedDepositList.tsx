import type { FixedDeposit } from '@bank/contract';
import { PiggyBank } from 'lucide-react';
import { dayMonthYear, money, percent } from './format';

/**
 * The customer's fixed deposits: principal, rate, interest accrued so far (and at maturity),
 * start and maturity dates, with how far through its term each one is.
 */
export function FixedDepositList({ deposits }: { deposits: FixedDeposit[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {deposits.map((d) => {
        // Interest accrues evenly, so the share accrued is the share of the term gone by.
        const interest = BigInt(d.interestAtMaturity);
        const progress =
          d.status === 'matured'
            ? 100
            : interest > 0n
              ? Number((BigInt(d.accrued) * 100n) / interest)
              : 0;
        return (
          <li
            key={d.id}
            className="rounded-xl p-4 ring-1 ring-slate-200 dark:ring-slate-800"
            aria-label={`${d.planName} fixed deposit`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex items-center gap-3">
                <span className="rounded-full bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
                  <PiggyBank aria-hidden="true" className="h-5 w-5" />
                </span>
                <div>
                  <p className="font-semibold">{d.planName}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {percent(d.annualRateBp)} a year · account {d.accountNumber}
                  </p>
                </div>
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  d.status === 'matured'
                    ? 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200'
                    : 'bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-50'
                }`}
              >
                {d.status === 'matured' ? 'Matured' : 'Active'}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Principal</dt>
                <dd className="font-semibold">{money(d.principal, d.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Interest so far</dt>
                <dd className="font-semibold">{money(d.accrued, d.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Started</dt>
                <dd>{dayMonthYear(d.startDate)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Matures</dt>
                <dd>{dayMonthYear(d.maturityDate)}</dd>
              </div>
            </dl>
            <div className="mt-3 flex items-center gap-3 text-xs text-slate-700 dark:text-slate-300">
              <progress
                className="h-2 flex-1"
                max={100}
                value={progress}
                aria-label={`${d.planName}: ${progress}% of the term`}
              />
              <span>{money(d.interestAtMaturity, d.currency)} interest at maturity</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
