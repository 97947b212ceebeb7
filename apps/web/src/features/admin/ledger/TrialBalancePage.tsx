import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { errorMessage } from '../../../lib/api';
import { mutedClass } from '../shared/cells';
import { CheckVerdict } from '../shared/CheckVerdict';
import { panelClass } from '../shared/panel';
import { trialBalanceQueries, useRunCheck } from './api';
import { BalanceTable } from './BalanceTable';
import { CustomerAccounts } from './CustomerAccounts';
import { RecentChecks } from './RecentChecks';

/**
 * `/admin/trial-balance`: every ledger account's balance by currency, each currency's sum
 * (0.00 in a sound ledger), the ledger checker's verdict and its recent runs, a check run now,
 * and customers' accounts one by one. `npm run ledger:check` is its command-line twin.
 */
export function TrialBalancePage() {
  const balances = useQuery(trialBalanceQueries.balances());
  const checks = useQuery(trialBalanceQueries.checks());
  const run = useRunCheck();

  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Trial balance" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Every ledger account’s balance. In each currency the accounts sum to zero: every entry
          moves money from one account to another. The ledger’s checker proves it and more (each
          entry balances, each cached balance equals its postings, no customer is below zero) every
          15 minutes.
        </p>
      </div>
      {balances.isPending ? (
        <Loading label="Loading the trial balance…" />
      ) : balances.isError ? (
        <LoadFailed
          error={balances.error}
          retrying={balances.isFetching}
          onRetry={() => void balances.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby="verdict" className={`${panelClass} flex flex-col gap-3`}>
            <h2 id="verdict" className="text-lg font-semibold">
              Checker’s verdict
            </h2>
            {(() => {
              const check = balances.data.latestCheck;
              const stale =
                check !== null &&
                Date.parse(balances.data.asOf) - Date.parse(check.finishedAt) >
                  2 * balances.data.checkEveryMinutes * 60_000;
              return (
                <>
                  <CheckVerdict
                    check={
                      check && { at: check.finishedAt, ok: check.ok, violations: check.violations }
                    }
                    stale={stale}
                  />
                  {check && !check.ok && (
                    <ul className="list-disc pl-6 text-sm">
                      {check.detail.map((v, i) => (
                        <li key={i}>
                          <code>{v.rule}</code>: {v.detail}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              );
            })()}
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" loading={run.isPending} onClick={() => run.mutate()}>
                <RefreshCw aria-hidden="true" className="h-4 w-4" />
                Run a check now
              </Button>
              <span className={`text-sm ${mutedClass}`}>One check runs at a time.</span>
            </div>
            {run.isSuccess && (
              <Banner tone={run.data.ok ? 'success' : 'error'}>
                {run.data.ok
                  ? `The check found no violations (${run.data.durationMs} ms).`
                  : `The check found ${run.data.violations} ${run.data.violations === 1 ? 'violation' : 'violations'}.`}
              </Banner>
            )}
            {run.isError && (
              <Banner tone="error">{errorMessage(run.error, 'The check could not run')}</Banner>
            )}
          </section>
          {balances.data.currencies.length === 0 ? (
            <p className={panelClass}>The ledger holds no accounts yet.</p>
          ) : (
            balances.data.currencies.map((currency) => (
              <BalanceTable key={currency.currency} currency={currency} />
            ))
          )}
          <CustomerAccounts currencies={balances.data.currencies.map((c) => c.currency)} />
        </>
      )}
      {checks.isSuccess && <RecentChecks checks={checks.data} />}
    </div>
  );
}
