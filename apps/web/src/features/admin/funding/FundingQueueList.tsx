import { formatMoney, type StaffFundingItem } from '@bank/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { panelClass } from '../panel';
import { KIND_LABELS, SUBJECT_LABELS } from './labels';

const linkClass = 'font-semibold text-brand-700 underline dark:text-brand-50';
const mutedClass = 'text-slate-600 dark:text-slate-400';

/**
 * The link to a request's review. Its name carries the customer too ("Deposit 12: Ama Mensah"),
 * so that a list of the page's links read out on its own still says which is which.
 */
function ReviewLink({ item }: { item: StaffFundingItem }) {
  return (
    <Link to={`/admin/funding/${item.id}`} className={linkClass}>
      {KIND_LABELS[item.kind]} {item.id}
      <span className="sr-only">
        : {item.customer.firstName} {item.customer.lastName}
      </span>
    </Link>
  );
}

function claimed(item: StaffFundingItem) {
  return formatMoney(BigInt(item.claimedAmount), item.currency);
}

/**
 * The requests of one status: a table from tablet width up, a card per request on a phone (each
 * hidden at the other width, so only one is ever seen or read out). Long names and emails wrap
 * rather than scroll.
 */
export function FundingQueueList({
  items,
  caption,
}: {
  items: StaffFundingItem[];
  caption: string;
}) {
  return (
    <>
      <div className={`hidden md:block ${panelClass}`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={mutedClass}>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {['Request', 'Customer', 'Type', 'Purpose or plan'].map((column) => (
                <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                Claimed
              </th>
              <th scope="col" className="py-2 font-semibold">
                Submitted
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((item) => (
              <tr key={item.id} className="align-top">
                <td className="py-3 pr-4 whitespace-nowrap">
                  <ReviewLink item={item} />
                </td>
                <td className="py-3 pr-4">
                  <span className="block font-medium">
                    {item.customer.firstName} {item.customer.lastName}
                  </span>
                  <span className={`block break-all ${mutedClass}`}>{item.customer.email}</span>
                </td>
                <td className="py-3 pr-4 wrap-anywhere">{item.type}</td>
                <td className="py-3 pr-4 wrap-anywhere">
                  {item.subject ?? (
                    <>
                      <span aria-hidden="true" className={mutedClass}>
                        —
                      </span>
                      <span className="sr-only">None</span>
                    </>
                  )}
                </td>
                <td className="py-3 pr-4 text-right font-semibold whitespace-nowrap">
                  {claimed(item)}
                </td>
                <td className="py-3 whitespace-nowrap">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {items.map((item) => (
          <li key={item.id} className={panelClass}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <ReviewLink item={item} />
              <span className="font-semibold">{claimed(item)}</span>
            </div>
            <p className="mt-1 font-medium">
              {item.customer.firstName} {item.customer.lastName}
            </p>
            <p className={`text-sm break-all ${mutedClass}`}>{item.customer.email}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className={mutedClass}>Type</dt>
              <dd className="wrap-anywhere">{item.type}</dd>
              {item.subject && (
                <>
                  <dt className={mutedClass}>{SUBJECT_LABELS[item.kind]}</dt>
                  <dd className="wrap-anywhere">{item.subject}</dd>
                </>
              )}
              <dt className={mutedClass}>Submitted</dt>
              <dd>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
