import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { ApiError } from '../../../lib/api';
import { OutcomeBanner, type DecidedMeanwhile, type DecisionOutcome } from './outcome';

/**
 * A staff review page's frame: the link back to the list, the outcome of a decision (focused
 * when it changes, as the decision's buttons go away with the decision), and the item being
 * reviewed once loaded, with its loading, not-found and failed states.
 */
export function ReviewFrame<T>({
  back,
  outcome,
  noun,
  meanwhile = () => null,
  query,
  loadingLabel,
  notFoundTitle,
  notFoundText,
  children,
}: {
  back: { to: string; label: string };
  outcome: DecisionOutcome | null;
  /** What is reviewed, as the outcome's sentences name it: "request", "transfer". */
  noun: string;
  /** How the item was decided, once it has been (for a 409: someone else decided first). */
  meanwhile?: (data: T) => DecidedMeanwhile | null;
  query: UseQueryResult<T>;
  loadingLabel: string;
  notFoundTitle: string;
  notFoundText: string;
  children: (data: T) => ReactNode;
}) {
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The decision's buttons go away with the decision: the focus moves to what happened.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={back.to} className="font-semibold text-brand-700 underline dark:text-brand-50">
          {`← ${back.label}`}
        </Link>
      </p>
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1}>
          <OutcomeBanner
            outcome={outcome}
            noun={noun}
            meanwhile={query.data === undefined ? null : meanwhile(query.data)}
          />
        </div>
      )}
      {query.isPending ? (
        <Loading label={loadingLabel} />
      ) : query.error instanceof ApiError && query.error.status === 404 ? (
        <>
          <PageHeading title={notFoundTitle} />
          <p className="text-slate-700 dark:text-slate-300">{notFoundText}</p>
        </>
      ) : query.isError ? (
        <LoadFailed
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
