import { Fragment, type ReactNode } from 'react';
import { mutedClass } from './cells';
import { panelClass } from './panel';

export interface QueueColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** An amount: right-aligned, bold, on one line. */
  amount?: boolean;
  /** Kept on one line (a short link, a code); other cells wrap between words. */
  nowrap?: boolean;
  /**
   * Left out of the table below 1280 px, where the columns that decide are kept instead (the
   * card on a phone, and the item's page, still show it).
   */
  wideOnly?: boolean;
}

/** One item as a card on a phone. */
export interface QueueCard {
  /** The link to the item's page (an ItemLink). */
  link: ReactNode;
  /** Beside the link, in bold: the amount, named for a screen reader as the table's column is. */
  aside?: ReactNode;
  /** Under the link: whose item it is (a Person). */
  who?: ReactNode;
  /** The rest, term by term. */
  details: readonly (readonly [term: string, value: ReactNode])[];
}

/**
 * How a column's cells fit. Text wraps between words and a word is never cut to make a column
 * narrower (`break-words`, unlike `wrap-anywhere`, leaves the table's sizing alone): long
 * values that are one word (emails, references) bring their own break points or ellipsis.
 */
function cellClass(
  column: { amount?: boolean; nowrap?: boolean; wideOnly?: boolean },
  last: boolean,
  header = false,
): string {
  // A value kept on one line (an amount, an account number) may have a heading that wraps
  // between words ("Recipient gets", "Account number").
  const fit = header
    ? `break-words ${column.amount ? 'text-right' : ''}`
    : column.amount
      ? 'text-right font-semibold whitespace-nowrap'
      : column.nowrap
        ? 'whitespace-nowrap'
        : 'break-words';
  return `${last ? '' : 'pr-4'} ${fit} ${column.wideOnly ? 'hidden xl:table-cell' : ''}`;
}

/**
 * A queue's items: a table from tablet width up, a card per item on a phone (each hidden at the
 * other width, so only one is ever seen or read out). Both are named by `caption`.
 */
export function QueueTable<T>({
  items,
  caption,
  rowKey,
  columns,
  card,
}: {
  items: T[];
  caption: string;
  rowKey: (item: T) => string;
  columns: QueueColumn<T>[];
  card: (item: T) => QueueCard;
}) {
  const last = columns.length - 1;
  return (
    <>
      {/* Columns fit from 1024 px up; should a rare value not, the table scrolls, not the page. */}
      <div className={`hidden overflow-x-auto md:block ${panelClass}`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={mutedClass}>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {columns.map((column, index) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`py-2 font-semibold ${cellClass(column, index === last, true)}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((item) => (
              <tr key={rowKey(item)} className="align-top">
                {columns.map((column, index) => (
                  <td key={column.header} className={`py-3 ${cellClass(column, index === last)}`}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {items.map((item) => {
          const { link, aside, who, details } = card(item);
          return (
            <li key={rowKey(item)} className={panelClass}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                {link}
                {aside && <span className="font-semibold">{aside}</span>}
              </div>
              {who && <div className="mt-1">{who}</div>}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {details.map(([term, value]) => (
                  <Fragment key={term}>
                    <dt className={mutedClass}>{term}</dt>
                    <dd className="min-w-0 break-words">{value}</dd>
                  </Fragment>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}
