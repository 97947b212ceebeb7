import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Queries retry only what might pass next time: not a 4xx answer. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
