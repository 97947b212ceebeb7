import { useState } from 'react';
import { useDashboardCustomer } from '../../layouts/DashboardLayout';
import { AccountOverview } from './AccountOverview';
import { greetingFor } from './greeting';
import { RecentTransactions } from './RecentTransactions';
import { useAmountVisibility } from './useAmountVisibility';
import { PageHeading } from '../../components/ui/PageHeading';
import { FirstSteps } from './FirstSteps';
import { RequirePin } from './RequirePin';
import { Shortcuts } from './Shortcuts';

/**
 * The dashboard's index (SPEC "Home"): greeting, account overview, the Transfer and Receive
 * shortcuts, first steps for a new account, and recent transactions. A customer without a
 * transaction PIN is sent to create one first.
 */
export function HomePage() {
  return (
    <RequirePin>
      <Home />
    </RequirePin>
  );
}

function Home() {
  const me = useDashboardCustomer();
  // The browser's clock, read once: the greeting does not change under the reader's eyes.
  const [hour] = useState(() => new Date().getHours());
  // One preference hides the balance, the totals and the transaction amounts alike.
  const visibility = useAmountVisibility();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeading title="Dashboard" className="text-2xl font-bold sm:text-3xl">
        {greetingFor(hour)}, {me.firstName}
      </PageHeading>
      <AccountOverview visibility={visibility} />
      <Shortcuts />
      <FirstSteps />
      <RecentTransactions shown={visibility.shown} />
    </div>
  );
}
