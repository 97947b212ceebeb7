import type { FundingKind, FundingRequest } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FundingStatusBadge } from '../../components/funding/FundingStatusBadge';
import { dayMonthYear, money } from '../../components/funding/format';
import { requestAnchor, requestInHash } from '../../components/funding/request-anchor';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

/**
 * One request: amount (what arrived once confirmed, with the claim when it differs) and status
 * on the first line; type, what it was for and the date under them; a decline's reason last.
 * A list rather than a table, so that nothing is cut off at 360 px. The one the address points
 * at (`#request-31`, from the dashboard) is marked and takes the focus.
 */
function RequestRow({ request: r, targeted }: { request: FundingRequest; targeted: boolean }) {
  const differs = r.receivedAmount !== null && r.receivedAmount !== r.claimedAmount;
  return (
    <li
      id={requestAnchor(r.id)}
      tabIndex={targeted ? -1 : undefined}
      aria-current={targeted ? 'true' : undefined}
      className={`flex flex-col gap-1 py-3 ${targeted ? '-mx-2 rounded-lg bg-brand-50 px-2 ring-2 ring-brand-600 outline-none dark:bg-slate-800' : ''}`}
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="font-semibold tabular-nums">
            {money(r.receivedAmount ?? r.claimedAmount, r.currency)}
          </p>
          {differs && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              you sent {money(r.claimedAmount, r.currency)}
            </p>
          )}
        </div>
        <FundingStatusBadge status={r.status} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="sr-only">Type: </span>
        {r.type}
        {r.subject && <> · {r.subject}</>}
        {' · '}
        <time dateTime={r.createdAt}>{dayMonthYear(r.createdAt)}</time>
      </p>
      {r.status === 'declined' && r.declineReason && (
        <p className="text-sm break-words text-red-800 dark:text-red-200">
          Reason: {r.declineReason}
          {r.decidedAt && (
            <>
              {' '}
              <span className="text-slate-700 dark:text-slate-300">
                (declined <time dateTime={r.decidedAt}>{dayMonthYear(r.decidedAt)}</time>)
              </span>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/**
 * The customer's requests of one kind (spec: Crypto Transactions), newest first: amount with its
 * currency and two decimals, type, date (day/month/year) and status. Once confirmed the amount is what
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
  const target = requestInHash(useLocation().hash);
  const found = Boolean(target && requests.data?.some((r) => r.id === target));
  // Once the list is there, the request the dashboard led to is brought into view and focused,
  // so its reason is what is read next.
  useEffect(() => {
    if (!found || !target) return;
    const row = document.getElementById(requestAnchor(target));
    row?.scrollIntoView?.({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [found, target]);
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
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {requests.data.map((r) => (
            <RequestRow key={r.id} request={r} targeted={r.id === target} />
          ))}
        </ul>
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
