import type { Me } from '@bank/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadFailed, PageLoading } from '../components/ui/QueryStatus';
import { queryKeys } from './query-keys';
import { sessionQuery } from './session-query';

type Scope = Me['scope'];

/** The signed-in person, or null when nobody is (answered without an error either way). */
export function useMe() {
  return useQuery(sessionQuery());
}

/**
 * Where someone with this kind of session belongs (the app's front door). An onboarding session
 * exists only to submit identity documents (spec: the verification gate); a staff member who
 * gave their password but not yet their second factor (`mfa_pending`) finishes signing in.
 */
export function homeFor(me: Me | null): string {
  switch (me?.scope) {
    case 'customer':
      return '/dashboard';
    case 'staff':
      return '/admin';
    case 'onboarding':
      return '/auth/account/verification';
    case 'mfa_pending':
      return SECOND_FACTOR_PATH;
    case 'second_factor':
      return CUSTOMER_SECOND_FACTOR_PATH;
    case undefined:
      return '/auth';
  }
}

export const SECOND_FACTOR_PATH = '/auth/staff/second-factor';
/** A customer who turned on a second factor finishes signing in here (decision 33). */
export const CUSTOMER_SECOND_FACTOR_PATH = '/auth/second-factor';

/**
 * Forgets everything read under an earlier session, keeping only the question of who is signed
 * in. Called when a session starts or is found gone, so nobody sees the previous person's data.
 */
export function useForgetSessionData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      }),
    [queryClient],
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

export const SESSION_ENDED =
  'You were signed out, perhaps from another browser or by a password change. Sign in again to continue.';

/**
 * Renders `children(me)` only for a session of `scope`. Nobody signed in goes to sign-in (spec:
 * dashboard fallback without a token); a session of another kind goes to its own area.
 */
export function RequireSession({
  scope,
  children,
  loading = <PageLoading />,
}: {
  scope: Scope;
  children: (me: Me) => ReactNode;
  /** Shown while asking who is signed in; the whole screen unless a page has its own frame. */
  loading?: ReactNode;
  signedOutTo?: string;
}) {
  const me = useMe();
  const forget = useForgetSessionData();
  const who = me.data ?? null;
  const settled = me.isFetchedAfterMount && !me.isError;
  const belongs = who?.scope === scope;
  // Whether this area was shown to someone: if their session then ends (signed out from another
  // browser, a password change), sign-in says why instead of appearing out of nowhere.
  const [shown, setShown] = useState(false);
  if (settled && belongs && !shown) setShown(true);
  useEffect(() => {
    if (settled && !belongs) forget();
  }, [settled, belongs, forget]);
  // A failed background check keeps the page that is showing; only a first failure replaces it.
  if (me.isError && !me.data) {
    return (
      <SessionError error={me.error} retrying={me.isFetching} retry={() => void me.refetch()} />
    );
  }
  if (!me.isFetchedAfterMount) return loading;
  if (!who) {
    return (
      <Navigate to="/auth/signin" replace state={shown ? { notice: SESSION_ENDED } : undefined} />
    );
  }
  if (!belongs) return <Navigate to={homeFor(who)} replace />;
  return children(who);
}

/**
 * Pages for people who are not signed in (sign in, sign up): a customer or staff member who
 * opens one goes to their own area instead. The page shows at once and the check runs
 * alongside, so nobody signed out waits for it; an unfinished sign-in (onboarding, second
 * factor) may start again here.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  const who = me.data ?? null;
  if (who?.scope === 'customer' || who?.scope === 'staff') {
    return <Navigate to={homeFor(who)} replace />;
  }
  return children;
}

/**
 * The identity check, for an onboarding session only. The page shows at once and the check runs
 * alongside; once it answers, nobody signed in goes to the site root (spec: errors in the auth
 * tree) and a customer or staff member to their own area.
 */
export function OnboardingOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isFetchedAfterMount && !me.isError) {
    const who = me.data ?? null;
    if (!who) return <Navigate to="/" replace />;
    if (who.scope !== 'onboarding') return <Navigate to={homeFor(who)} replace />;
  }
  return children;
}

/** `{BASE_PATH}/`: the dashboard when signed in as a customer, staff area for staff, else welcome. */
export function FrontDoor() {
  const me = useMe();
  if (me.isError) return <Navigate to="/auth" replace />;
  if (!me.isFetchedAfterMount) return <PageLoading />;
  return <Navigate to={homeFor(me.data ?? null)} replace />;
}
