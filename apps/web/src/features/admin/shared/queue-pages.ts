import { useInfiniteQuery } from '@tanstack/react-query';

/** One page of a queue as the API answers it. */
export interface QueuePageData<T> {
  items: T[];
  nextCursor: string | null;
}

/** What a queue page shows: the items loaded so far, or the wait, or the failure. */
export interface QueueList<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Asking again for the whole list (a retry), not merely for more. */
  isFetching: boolean;
  refetch: () => unknown;
  data: T[] | undefined;
}

/** The "Load more" of a list read a page at a time. */
export interface MoreItems {
  has: boolean;
  loading: boolean;
  load: () => void;
}

/**
 * A list read a page at a time (the API's keyset `cursor`, `nextCursor`): the items of every
 * page loaded so far, and how to load the next. Invalidating `queryKey` reads every loaded page
 * again.
 */
export function usePagedList<T>(
  queryKey: readonly unknown[],
  fetchPage: (cursor: string | null) => Promise<QueuePageData<T>>,
): { list: QueueList<T>; more: MoreItems } {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    list: {
      isPending: query.isPending,
      isError: query.isError,
      error: query.error,
      isFetching: query.isFetching && !query.isFetchingNextPage,
      refetch: () => query.refetch(),
      data: query.data?.pages.flatMap((page) => page.items),
    },
    more: {
      has: query.hasNextPage,
      loading: query.isFetchingNextPage,
      load: () => void query.fetchNextPage(),
    },
  };
}

/** An API path with the given query parameters (empty ones left out). */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value) search.set(name, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
