import type { TrialBalance } from '@bank/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { bookAmount } from '../shared/amounts';
import { mutedClass } from '../shared/cells';
import { panelClass } from '../shared/panel';

type Currency = TrialBalance['currencies'][number];

const cell = 'py-2 pr-4 align-top';
const amountCell = 'py-2 text-right font-semibold whitespace-nowrap tabular-nums align-top';

/**
 * One currency's trial balance: the bank's own accounts one by one, customers' accounts totalled
 * by kind, and the sum of them all, which reads 0.00 in a sound ledger (said in words too).
 */
export function BalanceTable({ currency: c }: { currency: Currency }) {
  const headingId = `balances-${c.currency}`;
  return (
    <section aria-labelledby={headingId} className={`${panelClass} flex flex-col gap-2`}>
      <h2 id={headingId} className="text-lg font-semibold">
        {c.currency}
      </h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Trial balance in {c.currency}</caption>
        <thead className={mutedClass}>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Account
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Number
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Balance ({c.currency})
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          <tr>
            <th scope="rowgroup" colSpan={3} className="pt-3 pb-1 text-xs font-semibold uppercase">
              The bank’s own accounts
            </th>
          </tr>
          {c.internal.map((account) => (
            <tr key={account.id}>
              <th scope="row" className={`${cell} font-medium break-words`}>
                {account.label}
              </th>
              <td className={`${cell} font-mono whitespace-nowrap`}>{account.accountNumber}</td>
              <td className={amountCell}>{bookAmount(account.balance)}</td>
            </tr>
          ))}
          <tr>
            <th scope="rowgroup" colSpan={3} className="pt-3 pb-1 text-xs font-semibold uppercase">
              Customers’ accounts
            </th>
          </tr>
          {c.customers.length === 0 ? (
            <tr>
              <td colSpan={3} className={`${cell} ${mutedClass}`}>
                No customer holds an account in {c.currency}.
              </td>
            </tr>
          ) : (
            c.customers.map((group) => (
              <tr key={group.kind}>
                <th scope="row" className={`${cell} font-medium break-words`}>
                  {group.label}
                </th>
                <td className={`${cell} whitespace-nowrap`}>
                  {group.accounts === 1 ? '1 account' : `${group.accounts} accounts`}
                </td>
                <td className={amountCell}>{bookAmount(group.balance)}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 dark:border-slate-600">
            <th scope="row" colSpan={2} className={`${cell} font-semibold`}>
              Sum of every {c.currency} account
            </th>
            <td className={`${amountCell} text-base`}>{bookAmount(c.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p
        className={`flex items-center gap-2 font-semibold ${
          c.zero ? 'text-green-800 dark:text-green-300' : 'text-red-800 dark:text-red-300'
        }`}
      >
        {c.zero ? (
          <CircleCheck aria-hidden="true" className="h-5 w-5" />
        ) : (
          <CircleAlert aria-hidden="true" className="h-5 w-5" />
        )}
        {c.zero
          ? `OK: the ${c.currency} accounts sum to zero.`
          : `Violation: the ${c.currency} accounts sum to ${bookAmount(c.total)}, not zero.`}
      </p>
    </section>
  );
}
