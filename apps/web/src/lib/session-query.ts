import { sessionStateSchema } from '@bank/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * Who is signed in, or null. Asked afresh whenever a guard mounts, so a sign-in or sign-out
 * elsewhere is never answered from a stale copy. Listed in `queries` like every read; its own
 * module because the session guard, in the entry chunk, needs it (issue 8).
 */
export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async () =>
      (await api('GET', '/api/v1/auth/session', { schema: sessionStateSchema })).me,
    staleTime: 0,
  });
