import { Fragment, type ReactNode } from 'react';
import { mutedClass } from './cells';
import { panelClass } from './panel';

export interface QueueColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** An amount: right-aligned, bold, on one line. */
  amount?: boolean;
  /** Kept on one line (a link, a date); other cells wrap long words rather than scroll. */
  nowrap?: boolean;
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

function cellClass(column: { amount?: boolean; nowrap?: boolean }, last: boolean): string {
  const fit = column.amount
    ? 'text-right font-semibold whitespace-nowrap'
    : column.nowrap
      ? 'whitespace-nowrap'
      : 'wrap-anywhere';
  return `${last ? '' : 'pr-4'} ${fit}`;
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
      <div className={`hidden md:block ${panelClass}`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={mutedClass}>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {columns.map((column, index) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`py-2 font-semibold ${cellClass(column, index === last)}`}
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
                    <dd className="wrap-anywhere">{value}</dd>
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
