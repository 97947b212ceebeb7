import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { queryKeys } from './query-keys';

/**
 * The app's query client. Queries retry only what might pass next time (not a 4xx answer). A
 * 401 on any query means the session ended (idle timeout, signed out elsewhere): asking again
 * who is signed in lets the session guard take the person to sign-in, instead of each card
 * showing an error that no retry can fix.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (
          error instanceof ApiError &&
          error.status === 401 &&
          query.queryKey[0] !== queryKeys.session[0]
        ) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          retry &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
