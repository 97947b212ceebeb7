import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { panelClass } from '../shared/panel';

/**
 * A list read a page at a time (newest first): the wait, the failure with a retry, the words for
 * an empty list, or the items of every page read so far and a button for the next page. A failed
 * next page keeps what was read and says so beside the button.
 */
export function PagedList<P extends { items: unknown[] }, T = P['items'][number]>({
  query,
  loadingLabel,
  empty,
  moreLabel = 'Show older',
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  loadingLabel: string;
  /** Said instead of the list when there is nothing in it: what it would hold, and when. */
  empty: ReactNode;
  moreLabel?: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = (query.data?.pages ?? []).flatMap((page) => page.items as T[]);
  if (items.length === 0) return <p className={panelClass}>{empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      {children(items)}
      {query.hasNextPage && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {moreLabel}
          </Button>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-800 dark:text-red-200">
              The next page could not be loaded. Try again.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
