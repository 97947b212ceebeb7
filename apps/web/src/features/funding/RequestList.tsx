import { useQuery } from '@tanstack/react-query';
import type { FundingKind } from '@bank/contract';
import { FundingStatusBadge } from '../../components/funding/FundingStatusBadge';
import { dayMonthYear, money } from '../../components/funding/format';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

/**
 * The customer's requests of one kind (spec: Crypto Transactions): amount with its currency and
 * two decimals, type, date (day/month/year) and status. Once confirmed the amount is what
 * arrived, with the claim beside it when they differ; a declined one shows the reason.
 */
export function RequestList({ kind, title }: { kind: FundingKind; title: string }) {
  const requests = useQuery(queries.fundingRequests(kind));
  if (requests.isPending) return <Loading label="Loading your requests…" />;
  if (!requests.data) {
    return (
      <LoadFailed
        error={requests.error}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  }
  if (requests.data.length === 0) return null;
  return (
    <section aria-labelledby={`${kind}-list`} className={cardClass}>
      <h2 id={`${kind}-list`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="group"
        aria-label={`${title}, scrolls sideways on a small screen`}
      >
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Type
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.data.map((r) => {
              const shown = r.receivedAmount ?? r.claimedAmount;
              return (
                <tr
                  key={r.id}
                  className="border-t border-slate-200 align-top dark:border-slate-800"
                >
                  <td className="py-2 pr-3 font-semibold whitespace-nowrap">
                    {money(shown, r.currency)}
                    {r.receivedAmount !== null && r.receivedAmount !== r.claimedAmount && (
                      <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                        you sent {money(r.claimedAmount, r.currency)}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    {r.type}
                    {r.subject && (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {r.subject}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{dayMonthYear(r.createdAt)}</td>
                  <td className="py-2">
                    <FundingStatusBadge status={r.status} />
                    {r.declineReason && (
                      <span className="mt-1 block max-w-56 text-xs text-slate-700 dark:text-slate-300">
                        {r.declineReason}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
