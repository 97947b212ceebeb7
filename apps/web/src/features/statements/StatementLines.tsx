import { formatMoney, formatUtcDayTime, type Transaction } from '@bank/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { TransactionStatus } from '../../components/ui/TransactionStatus';

/**
 * Statements count days in UTC (the period filters, the charts, the CSV and the PDF alike), so
 * their lines show UTC times too: a line always falls on the day the filters put it in.
 */
const when = (iso: string) => formatUtcDayTime(iso);

/** A signed amount: the sign and a hidden word say credit or debit, the colour repeats it. */
function SignedAmount({ transaction }: { transaction: Transaction }) {
  const credit = transaction.transactionType === 'credit';
  return (
    <span
      className={`font-semibold ${credit ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
    >
      <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
      <span aria-hidden="true">{credit ? '+' : '−'}</span>
      {formatMoney(BigInt(transaction.amount), transaction.currency)}
    </span>
  );
}

/**
 * The statement's lines, newest first: date, description (a link to the line's detail) with
 * status, signed amount and the balance after the line. On a phone the date goes under the description and the balance under
 * the amount, so that nothing scrolls sideways.
 */
export function StatementLines({
  lines,
  focusRow = null,
}: {
  lines: Transaction[];
  /** The row to move the focus to (the first of a page just loaded), if any. */
  focusRow?: number | null;
}) {
  const focusTarget = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    focusTarget.current?.focus();
  }, [focusRow]);
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Statement lines, newest first</caption>
      <thead className="text-sm text-slate-600 dark:text-slate-400">
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
            Date
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Description
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-semibold">
            Amount
          </th>
          <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
            Balance
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {lines.map((line, index) => {
          const date = <time dateTime={line.date}>{when(line.date)}</time>;
          const balance = formatMoney(BigInt(line.balanceAfter), line.currency);
          return (
            <tr
              key={line.id}
              className="align-top"
              {...(index === focusRow ? { ref: focusTarget, tabIndex: -1 } : {})}
            >
              <td className="hidden py-3 pr-4 text-sm whitespace-nowrap text-slate-600 sm:table-cell dark:text-slate-400">
                {date}
              </td>
              <td className="py-3 pr-4">
                <p className="font-medium break-words">
                  <Link
                    to={`/dashboard/transactions/${encodeURIComponent(line.id)}`}
                    className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-50"
                  >
                    {line.name}
                    <span className="sr-only">, details</span>
                  </Link>
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                  <span className="sm:hidden">{date}</span>
                  <TransactionStatus status={line.status} />
                </p>
              </td>
              <td className="py-3 pr-4 text-right tabular-nums">
                <SignedAmount transaction={line} />
                <p className="mt-1 text-sm text-slate-600 sm:hidden dark:text-slate-400">
                  Balance {balance}
                </p>
              </td>
              <td className="hidden py-3 text-right tabular-nums sm:table-cell">{balance}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
