import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/Button';
import { PageHeading } from '../../components/ui/PageHeading';
import { Loading } from '../../components/ui/QueryStatus';
import { cameViaFlow } from '../../lib/flow-state';
import { useSignOutToWelcome } from '../../lib/signout';
import { useLeaveOnRevisit } from './useLeaveOnRevisit';

/**
 * KYC is waiting for staff; Okay signs out and returns to the welcome page. Shown only on the
 * way from the submission (or sign-in); revisited, it signs out to the site root (SPEC section 4).
 */
export function UnderReviewPage() {
  // Decided once: the page consumes the mark as it shows, so its own re-render is no revisit.
  const { state } = useLocation();
  const [arrived] = useState(() => cameViaFlow(state));
  useLeaveOnRevisit(arrived);
  const { pending, signOut } = useSignOutToWelcome({ quiet: true });
  if (!arrived) return <Loading label="Signing you out…" />;
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
        <Clock aria-hidden="true" className="h-7 w-7" />
      </span>
      <div>
        <PageHeading title="Under review" />
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Your documents are being reviewed. We will send you an email when the review is done.
        </p>
      </div>
      <Button className="w-full" loading={pending} onClick={signOut}>
        Okay
      </Button>
    </div>
  );
}
