import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { LoadMore } from './LoadMore';
import { panelClass } from './panel';
import type { MoreItems, QueueList } from './queue-pages';

/**
 * A staff queue's page: its heading and what the queue is for, the status tabs when it has
 * some, its search, then the items once loaded (`children`), with how many there are above
 * them and "Load more" below while the queue has more; or the wait, the failure with a retry,
 * or the words for an empty queue (or for a search that found nothing).
 */
export function QueuePage<T>({
  title,
  intro,
  tabs,
  search,
  searching = false,
  query,
  more,
  loadingLabel,
  empty,
  summary,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The queue's StatusTabs, when its items have statuses. */
  tabs?: ReactNode;
  /** The queue's QueueSearch. */
  search?: ReactNode;
  /** A search is in force: an empty answer is about it, not the queue. */
  searching?: boolean;
  query: QueueList<T>;
  /** The next page, for a queue read a page at a time. */
  more?: MoreItems;
  loadingLabel: string;
  /** Said instead of the list when there is nothing in it. */
  empty: string;
  /** "2 pending requests, oldest first": how many, said above the list. */
  summary: (count: number) => string;
  children: (items: T[]) => ReactNode;
}) {
  const items = query.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title={title} />
        <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>
      </div>
      {tabs}
      {search}
      {query.isPending ? (
        <Loading label={loadingLabel} />
      ) : query.isError ? (
        <LoadFailed
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <p className={panelClass}>
          {searching ? 'Nothing here matches the search. Clear it to see the whole list.' : empty}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
            {more?.has ? `The first ${summary(items.length)}; more below.` : summary(items.length)}
          </p>
          {children(items)}
          {more && <LoadMore more={more} />}
        </>
      )}
    </div>
  );
}
