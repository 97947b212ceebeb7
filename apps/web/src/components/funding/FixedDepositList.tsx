import type { FixedDeposit } from '@bank/contract';
import { PiggyBank } from 'lucide-react';
import { dayMonthYear, money, percent } from './format';

/** An amount, or asterisks (read as "Hidden") while the customer hides amounts (home page). */
function Amount({ minor, currency, shown }: { minor: string; currency: string; shown: boolean }) {
  if (shown) return <>{money(minor, currency)}</>;
  return (
    <>
      <span aria-hidden="true">****</span>
      <span className="sr-only">Hidden</span>
    </>
  );
}

/**
 * The customer's fixed deposits: principal, rate, interest accrued so far (and at maturity),
 * start and maturity dates, status, with how far through its term each one is. Used on the
 * fixed-deposit page, the home page and Statements & Report; `shown` false hides the amounts
 * (the home page's balance toggle).
 */
export function FixedDepositList({
  deposits,
  shown = true,
}: {
  deposits: FixedDeposit[];
  shown?: boolean;
}) {
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
                <dd className="font-semibold tabular-nums">
                  <Amount minor={d.principal} currency={d.currency} shown={shown} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Interest so far</dt>
                <dd className="font-semibold tabular-nums">
                  <Amount minor={d.accrued} currency={d.currency} shown={shown} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Started</dt>
                <dd>
                  <time dateTime={d.startDate}>{dayMonthYear(d.startDate)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Matures</dt>
                <dd>
                  <time dateTime={d.maturityDate}>{dayMonthYear(d.maturityDate)}</time>
                </dd>
              </div>
            </dl>
            <div className="mt-3 flex items-center gap-3 text-xs text-slate-700 dark:text-slate-300">
              <progress
                className="h-2 flex-1"
                max={100}
                value={progress}
                aria-label={`${d.planName}: ${progress}% of the term`}
              />
              <span>
                <Amount minor={d.interestAtMaturity} currency={d.currency} shown={shown} /> interest
                at maturity
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
