import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { panelClass } from './panel';

/**
 * A staff queue's page: its heading and what the queue is for, the status tabs when it has
 * some, then the items once loaded (`children`), with how many there are above them; or the
 * wait, the failure with a retry, or the words for an empty queue.
 */
export function QueuePage<T>({
  title,
  intro,
  tabs,
  query,
  loadingLabel,
  empty,
  summary,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The queue's StatusTabs, when its items have statuses. */
  tabs?: ReactNode;
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  /** Said instead of the list when there is nothing in it. */
  empty: string;
  /** "2 pending requests, oldest first": how many, said above the list. */
  summary: (count: number) => string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title={title} />
        <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>
      </div>
      {tabs}
      {query.isPending ? (
        <Loading label={loadingLabel} />
      ) : query.isError ? (
        <LoadFailed
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className={panelClass}>{empty}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{summary(query.data.length)}</p>
          {children(query.data)}
        </>
      )}
    </div>
  );
}
