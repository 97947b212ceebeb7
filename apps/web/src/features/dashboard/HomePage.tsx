import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Toast, useToast } from '../../components/ui/Toast';
import { KEEP_FOCUS } from '../../lib/navigation-focus';
import { useDashboardCustomer } from '../../layouts/DashboardLayout';
import { AccountOverview } from './AccountOverview';
import { greetingFor } from './greeting';
import { RecentTransactions } from './RecentTransactions';
import { useAmountVisibility } from './useAmountVisibility';
import { PageHeading } from '../../components/ui/PageHeading';
import { FirstSteps } from './FirstSteps';
import { FixedDepositsCard } from './FixedDepositsCard';
import { RequirePin } from './RequirePin';
import { Shortcuts } from './Shortcuts';

/**
 * The dashboard's index (SPEC "Home"): greeting, account overview, the Transfer and Receive
 * shortcuts, first steps for a new account, the running fixed deposits, and recent
 * transactions. A customer without a transaction PIN is sent to create one first.
 */
export function HomePage() {
  return (
    <RequirePin fallback={<Home held />}>
      <Home />
    </RequirePin>
  );
}

/**
 * The page; `held` while the PIN check is on its way: the page's frame with placeholders where
 * the account's figures go (fetched meanwhile), so nothing moves when they show.
 */
function Home({ held = false }: { held?: boolean }) {
  const me = useDashboardCustomer();
  // The browser's clock, read once: the greeting does not change under the reader's eyes.
  const [hour] = useState(() => new Date().getHours());
  // One preference hides the balance, the totals and the transaction amounts alike.
  const visibility = useAmountVisibility();
  const welcome = useWelcomeBack();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeading title="Dashboard" className="text-2xl font-bold sm:text-3xl">
        {greetingFor(hour)}, {me.firstName}
      </PageHeading>
      <AccountOverview visibility={visibility} held={held} />
      <Shortcuts />
      <FirstSteps held={held} />
      <FixedDepositsCard shown={visibility.shown} held={held} />
      <RecentTransactions shown={visibility.shown} held={held} />
      <Toast toast={welcome} />
    </div>
  );
}

/** "Welcome Back" for a few seconds after signing in; not again on Back or a reload. */
function useWelcomeBack() {
  const location = useLocation();
  const navigate = useNavigate();
  const { toast, show } = useToast();
  const { pathname, search, hash } = location;
  const arrived =
    typeof location.state === 'object' &&
    location.state !== null &&
    'welcomeBack' in location.state;
  useEffect(() => {
    if (!arrived) return;
    show({ text: 'Welcome Back', tone: 'success' });
    // Said once: the history entry forgets it (and the focus stays where it is). The address is
    // spelled out: '.' from an index route would add React Router's "?index" to it.
    void navigate({ pathname, search, hash }, { replace: true, state: KEEP_FOCUS });
  }, [arrived, navigate, show, pathname, search, hash]);
  return toast;
}
