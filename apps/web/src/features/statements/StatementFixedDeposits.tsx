import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FixedDepositList } from '../../components/funding/FixedDepositList';
import { cardClass } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

/**
 * The customer's fixed deposits beside the statement: each is an account of its own, so money
 * moved into one is a debit above and its principal and interest show here until maturity pays
 * them back. Absent while loading and for a customer who has none.
 */
export function StatementFixedDeposits() {
  const deposits = useQuery(queries.fixedDeposits());
  const headingId = useId();
  if (!deposits.isError && !deposits.data?.length) return null;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-bold">
        Fixed deposits
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Held apart from your current account. At maturity the principal and its interest are paid
        into your account and show in the statement above.
      </p>
      {deposits.data ? (
        <FixedDepositList deposits={deposits.data} />
      ) : (
        <LoadFailed
          error={deposits.error}
          retrying={deposits.isFetching}
          onRetry={() => void deposits.refetch()}
        />
      )}
    </section>
  );
}
