import type { AccountSummary } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';
import { Toast, useToast } from '../../components/ui/Toast';
import { cardClass } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/QueryStatus';
import { LoadingStatus, SkeletonBlock, SkeletonText } from '../../components/ui/Skeleton';
import { queries } from '../../lib/queries';
import { MaskedAmount } from './MaskedAmount';
import type { AmountVisibility } from './useAmountVisibility';

/** The button that hides or shows the balance and totals. */
function VisibilityToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-50 dark:hover:bg-slate-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4 fill-none stroke-current stroke-2"
      >
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        {shown ? <circle cx="12" cy="12" r="3" /> : <path d="M4 4l16 16" />}
      </svg>
      {shown ? 'Hide balance' : 'Show balance'}
    </button>
  );
}

/**
 * Balance (with its show/hide toggle), account number (with copy) and the two totals; without
 * `account` (on its way), the same blocks with placeholders where the figures go, so that nothing
 * below moves when they arrive.
 */
function Overview({
  account,
  visibility: { shown, toggle },
}: {
  account: AccountSummary | undefined;
  visibility: AmountVisibility;
}) {
  const { toast, show } = useToast();
  const headingId = useId();
  const onCopied = (copied: boolean) =>
    show(
      copied
        ? { text: 'Copied to clipboard', tone: 'success' }
        : { text: 'Could not copy', tone: 'error' },
    );
  return (
    <>
      <section aria-labelledby={headingId} className={cardClass}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Available balance
            </h2>
            <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums">
              {account ? (
                <MaskedAmount
                  minor={account.availableBalance}
                  currency={account.currency}
                  shown={shown}
                />
              ) : (
                <SkeletonText className="w-48" />
              )}
            </p>
          </div>
          <VisibilityToggle shown={shown} onToggle={toggle} />
        </div>
        <dl className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Account number</dt>
          <dd className="flex flex-wrap items-center gap-x-2">
            <span className="font-mono text-lg font-semibold break-all">
              {account ? account.accountNumber : <SkeletonText className="w-28" />}
            </span>
            {account ? (
              <CopyButton
                text={account.accountNumber}
                label="Copy account number"
                onResult={onCopied}
              />
            ) : (
              <SkeletonBlock className="h-11 w-20 rounded-lg" />
            )}
          </dd>
        </dl>
      </section>
      <dl className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['Total Credit', account?.totalCredit],
            ['Total Debit', account?.totalDebit],
          ] as const
        ).map(([label, minor]) => (
          <div key={label} className={cardClass}>
            <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">
              {account && minor !== undefined ? (
                <MaskedAmount minor={minor} currency={account.currency} shown={shown} />
              ) : (
                <SkeletonText className="w-36" />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Toast toast={toast} />
    </>
  );
}

/**
 * The account part of the home page, with its own loading and error states. `held` (the page
 * is still checking for a PIN) keeps the placeholders up while the figures are fetched already.
 */
export function AccountOverview({
  visibility,
  held = false,
}: {
  visibility: AmountVisibility;
  held?: boolean;
}) {
  const summary = useQuery(queries.accountSummary());
  const headingId = useId();
  // Data already on screen stays there if a later background refresh fails.
  if (summary.data && !held) return <Overview account={summary.data} visibility={visibility} />;
  if (summary.isError && !held) {
    return (
      <section aria-labelledby={headingId} className={cardClass}>
        <h2 id={headingId} className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          Available balance
        </h2>
        <LoadFailed
          error={summary.error}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      </section>
    );
  }
  return (
    <>
      <LoadingStatus label="Loading your account…" />
      <Overview account={undefined} visibility={visibility} />
    </>
  );
}
