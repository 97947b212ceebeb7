import type { StaffTransfer } from '@bank/contract';
import { Link } from 'react-router';
import { money } from '../../../components/funding/format';
import { countryName } from '../../../lib/countries';
import { formatDateTime } from '../../../lib/format';
import { panelClass } from '../panel';
import { transferName } from './labels';
import { InternalBadge } from './StatusBadge';

const linkClass = 'font-semibold text-brand-700 underline dark:text-brand-50';
const mutedClass = 'text-slate-600 dark:text-slate-400';

/**
 * The link to a transfer's page. Its name carries the customer too ("Transfer 41: Ama
 * Mensah"), so that a list of the page's links read out on its own still says which is which.
 */
function TransferLink({ transfer }: { transfer: StaffTransfer }) {
  return (
    <Link to={`/admin/transfers/${transfer.id}`} className={linkClass}>
      {transferName(transfer)}
      <span className="sr-only">: {transfer.customer.name}</span>
    </Link>
  );
}

function When({ iso }: { iso: string | null }) {
  if (!iso) {
    return (
      <>
        <span aria-hidden="true" className={mutedClass}>
          —
        </span>
        <span className="sr-only">Not recorded</span>
      </>
    );
  }
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

function Recipient({ transfer: t }: { transfer: StaffTransfer }) {
  return (
    <>
      <span className="block font-medium">{t.accountHolderName}</span>
      <span className={`block ${mutedClass}`}>
        {t.bank}, {countryName(t.country)}
      </span>
      {t.internal && (
        <span className="mt-1 inline-block">
          <InternalBadge />
        </span>
      )}
    </>
  );
}

/**
 * The transfers of one status: a table from tablet width up, a card per transfer on a phone
 * (each hidden at the other width, so only one is ever seen or read out). `decided` adds when
 * each was decided. Long names and banks wrap rather than scroll.
 */
export function TransferQueueList({
  items,
  caption,
  decided,
}: {
  items: StaffTransfer[];
  caption: string;
  decided: boolean;
}) {
  return (
    <>
      <div className={`hidden md:block ${panelClass}`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={mutedClass}>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {['Transfer', 'Customer', 'Recipient'].map((column) => (
                <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 pr-4 text-right font-semibold whitespace-nowrap">
                Recipient gets
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Submitted
              </th>
              {decided && (
                <th scope="col" className="py-2 font-semibold">
                  Decided
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {items.map((t) => (
              <tr key={t.id} className="align-top">
                <td className="py-3 pr-4 whitespace-nowrap">
                  <TransferLink transfer={t} />
                </td>
                <td className="py-3 pr-4">
                  <span className="block font-medium">{t.customer.name}</span>
                  <span className={`block break-all ${mutedClass}`}>{t.customer.email}</span>
                </td>
                <td className="py-3 pr-4 wrap-anywhere">
                  <Recipient transfer={t} />
                </td>
                <td className="py-3 pr-4 text-right font-semibold whitespace-nowrap">
                  {money(t.amountReceived, t.currency)}
                </td>
                <td className="py-3 pr-4 whitespace-nowrap">
                  <When iso={t.submittedAt} />
                </td>
                {decided && (
                  <td className="py-3 whitespace-nowrap">
                    <When iso={t.decidedAt} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {items.map((t) => (
          <li key={t.id} className={panelClass}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <TransferLink transfer={t} />
              <span className="font-semibold">
                <span className="sr-only">Recipient gets </span>
                {money(t.amountReceived, t.currency)}
              </span>
            </div>
            <p className="mt-1 font-medium">{t.customer.name}</p>
            <p className={`text-sm break-all ${mutedClass}`}>{t.customer.email}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className={mutedClass}>To</dt>
              <dd className="wrap-anywhere">
                <Recipient transfer={t} />
              </dd>
              <dt className={mutedClass}>Submitted</dt>
              <dd>
                <When iso={t.submittedAt} />
              </dd>
              {decided && (
                <>
                  <dt className={mutedClass}>Decided</dt>
                  <dd>
                    <When iso={t.decidedAt} />
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
