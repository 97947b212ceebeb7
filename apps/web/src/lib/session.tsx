import type { Me } from '@bank/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadFailed, Loading } from '../components/ui/QueryStatus';
import { api } from './api';
import { ME_QUERY_KEY } from './query-client';

type Scope = Me['scope'];

/** Who is signed in, or null when nobody is (answered without an error either way). */
export async function fetchMe(): Promise<Me | null> {
  return (await api<{ me: Me | null }>('GET', '/api/v1/auth/session')).me;
}

/**
 * The signed-in person. Asked afresh each time a guarded area mounts, so a sign-in or sign-out
 * elsewhere is never answered from a stale copy.
 */
export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 });
}

/**
 * Where someone with this kind of session belongs (the app's front door). An onboarding session
 * exists only to submit identity documents (spec: the verification gate).
 */
export function homeFor(me: Me | null): string {
  if (me?.scope === 'customer') return '/dashboard';
  if (me?.scope === 'staff') return '/admin';
  if (me?.scope === 'onboarding') return '/auth/account/verification';
  return '/auth';
}

/**
 * Forgets everything read under an earlier session, keeping only the question of who is signed
 * in. Called when a session starts or is found gone, so nobody sees the previous person's data.
 */
export function useForgetSessionData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] }),
    [queryClient],
  );
}

function SessionLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Loading label="Loading…" />
    </div>
  );
}

function SessionError({
  error,
  retrying,
  retry,
}: {
  error: unknown;
  retrying: boolean;
  retry: () => void;
}) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-4">
      <LoadFailed error={error} retrying={retrying} onRetry={retry} />
    </div>
  );
}

/**
 * Renders `children(me)` only for a session of `scope`. Nobody signed in goes to sign-in (spec:
 * dashboard fallback without a token); a session of another kind goes to its own area.
 */
export function RequireSession({
  scope,
  children,
}: {
  scope: Scope;
  children: (me: Me) => ReactNode;
}) {
  const me = useMe();
  const forget = useForgetSessionData();
  const who = me.data ?? null;
  const settled = me.isFetchedAfterMount && !me.isError;
  const belongs = who?.scope === scope;
  useEffect(() => {
    if (settled && !belongs) forget();
  }, [settled, belongs, forget]);
  // A failed background check keeps the page that is showing; only a first failure replaces it.
  if (me.isError && !me.data) {
    return (
      <SessionError error={me.error} retrying={me.isFetching} retry={() => void me.refetch()} />
    );
  }
  if (!me.isFetchedAfterMount) return <SessionLoading />;
  if (!who) return <Navigate to="/auth/signin" replace />;
  if (!belongs) return <Navigate to={homeFor(who)} replace />;
  return children(who);
}

/** `{BASE_PATH}/`: the dashboard when signed in as a customer, staff area for staff, else welcome. */
export function FrontDoor() {
  const me = useMe();
  if (me.isError) return <Navigate to="/auth" replace />;
  if (!me.isFetchedAfterMount) return <SessionLoading />;
  return <Navigate to={homeFor(me.data ?? null)} replace />;
}
