import type { Me } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Banner } from '../components/ui/Banner';
import { Button } from '../components/ui/Button';
import { ApiError, api, errorMessage } from './api';

export const ME_QUERY_KEY = ['me'] as const;
type Scope = Me['scope'];

/** Who is signed in, or null when nobody is (a 401 is an answer here, not a failure). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('GET', '/api/v1/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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

function SessionError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-4">
      <Banner tone="error">{errorMessage(error, 'Something went wrong')}</Banner>
      <Button onClick={retry}>Try again</Button>
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
  if (me.isError) return <SessionError error={me.error} retry={() => void me.refetch()} />;
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
