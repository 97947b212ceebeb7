import { AUTH_REDIRECT_DELAY_MS } from '@bank/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/Button';
import { signoutQuietly, useSignOutToWelcome } from '../../lib/signout';
import { PageHeading } from '../../components/ui/PageHeading';

interface NoticeState {
  head?: string;
  body?: string;
}

/** A message card (e.g. a blocked account); the session ends 5 s after it shows (SPEC section 4). */
export function InfoNoticePage() {
  const state = (useLocation().state ?? {}) as NoticeState;
  const { pending, signOut } = useSignOutToWelcome({ quiet: true });

  useEffect(() => {
    const timer = setTimeout(() => void signoutQuietly(), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="flex flex-col gap-6 text-center">
      <div>
        <PageHeading title={state.head || 'Notice'} />
        <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">
          {state.body || 'Please contact support for more information.'}
        </p>
      </div>
      <Button loading={pending} onClick={signOut}>
        Logout
      </Button>
    </div>
  );
}
