import type { Me } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadFailed } from '../components/ui/QueryStatus';
import { api } from './api';

export const ME_QUERY_KEY = ['me'] as const;
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

/** Where someone with this kind of session belongs (the app's front door). */
export function homeFor(me: Me | null): string {
  if (me?.scope === 'customer') return '/dashboard';
  if (me?.scope === 'staff') return '/admin';
  return '/auth';
}

export function SessionLoading() {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center gap-3 text-slate-700 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      Loading…
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
  const location = useLocation();
  if (me.isError)
    return (
      <SessionError error={me.error} retrying={me.isFetching} retry={() => void me.refetch()} />
    );
  if (!me.isFetchedAfterMount) return <SessionLoading />;
  const who = me.data ?? null;
  if (!who) return <Navigate to="/auth/signin" replace state={{ from: location.pathname }} />;
  if (who.scope !== scope) return <Navigate to={homeFor(who)} replace />;
  return children(who);
}

/** `{BASE_PATH}/`: the dashboard when signed in as a customer, staff area for staff, else welcome. */
export function FrontDoor() {
  const me = useMe();
  if (me.isError) return <Navigate to="/auth" replace />;
  if (!me.isFetchedAfterMount) return <SessionLoading />;
  return <Navigate to={homeFor(me.data ?? null)} replace />;
}
