import { useState } from 'react';
import { useDashboardCustomer } from '../../layouts/DashboardLayout';
import { AccountOverview } from './AccountOverview';
import { greetingFor } from './greeting';
import { RecentTransactions } from './RecentTransactions';
import { useAmountVisibility } from './useAmountVisibility';
import { PageHeading } from '../../components/ui/PageHeading';

/**
 * The dashboard's index (SPEC "Home"): greeting, account overview and recent transactions.
 * The Transfer and Receive shortcuts and the redirect of a customer without a PIN to PIN creation
 * arrive with the send, add-funds and pincreation pages.
 */
export function HomePage() {
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
      <RecentTransactions shown={visibility.shown} />
    </div>
  );
}
