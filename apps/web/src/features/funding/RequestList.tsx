import type { FundingKind, FundingRequest } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { FundingStatusBadge } from '../../components/funding/FundingStatusBadge';
import { dayMonthYear, money } from '../../components/funding/format';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

const th = 'py-2 pr-3 font-medium';

function RequestRow({ request: r }: { request: FundingRequest }) {
  const differs = r.receivedAmount !== null && r.receivedAmount !== r.claimedAmount;
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-800">
      <td className="py-2 pr-3 font-semibold whitespace-nowrap tabular-nums">
        {money(r.receivedAmount ?? r.claimedAmount, r.currency)}
        {differs && (
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
            you sent {money(r.claimedAmount, r.currency)}
          </span>
        )}
      </td>
      <td className="py-2 pr-3">
        {r.type}
        {r.subject && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">{r.subject}</span>
        )}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        <time dateTime={r.createdAt}>{dayMonthYear(r.createdAt)}</time>
      </td>
      <td className="py-2">
        <FundingStatusBadge status={r.status} />
        {r.status === 'declined' && r.declineReason && (
          <span className="mt-1 block max-w-56 text-xs text-slate-700 dark:text-slate-300">
            <span className="sr-only">Reason: </span>
            {r.declineReason}
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * The customer's requests of one kind (spec: Crypto Transactions): amount with its currency and
 * two decimals, type, date (day/month/year) and status. Once confirmed the amount is what
 * arrived, with the claim beside it when they differ; a declined one shows the reason. With
 * none yet, `empty` says what to do next (nothing is shown without it).
 */
export function RequestList({
  kind,
  title,
  empty,
}: {
  kind: FundingKind;
  title: string;
  empty?: ReactNode;
}) {
  const requests = useQuery(queries.fundingRequests(kind));
  const headingId = useId();
  let body;
  if (requests.data) {
    if (requests.data.length === 0) {
      if (!empty) return null;
      body = (
        <div className="flex items-start gap-3 text-slate-700 dark:text-slate-300">
          <Inbox aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>{empty}</p>
        </div>
      );
    } else {
      body = (
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-label={`${title}, scrolls sideways on a small screen`}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}, newest first</caption>
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className={th}>
                  Amount
                </th>
                <th scope="col" className={th}>
                  Type
                </th>
                <th scope="col" className={th}>
                  Date
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.data.map((r) => (
                <RequestRow key={r.id} request={r} />
              ))}
            </tbody>
          </table>
        </div>
      );
    }
  } else if (requests.isError) {
    body = (
      <LoadFailed
        error={requests.error}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  } else {
    // A list that hides when empty stays out of the way until it is known to have rows.
    if (!empty) return null;
    body = <Loading label="Loading your requests…" />;
  }
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}
