import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { FixedDepositList } from '../../components/funding/FixedDepositList';
import { cardClass } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';
import { MaskedAmount } from './MaskedAmount';

/** How many running deposits the home page shows; the rest are a click away. */
export const HOME_FIXED_DEPOSIT_COUNT = 3;

/**
 * The home page's summary of the customer's running fixed deposits: what is put aside, the
 * interest earned so far, and the first few deposits; amounts hidden with the balance. Absent
 * while loading and when none is running (the page stays calm for most customers).
 */
export function FixedDepositsCard({ shown, held = false }: { shown: boolean; held?: boolean }) {
  // Asked while `held` too (the page is checking for a PIN): the page's reads all start at once.
  const deposits = useQuery(queries.fixedDeposits());
  const headingId = useId();
  const heading = (
    <div className="mb-3 flex items-baseline justify-between gap-4">
      <h2 id={headingId} className="text-lg font-bold">
        Fixed deposits
      </h2>
      <Link
        to="/dashboard/fixed-deposit"
        aria-label="View all fixed deposits"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-50"
      >
        View all
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </div>
  );
  if (held) return null;
  if (deposits.isError && !deposits.data) {
    return (
      <section aria-labelledby={headingId} className={cardClass}>
        {heading}
        <LoadFailed
          error={deposits.error}
          retrying={deposits.isFetching}
          onRetry={() => void deposits.refetch()}
        />
      </section>
    );
  }
  const running = deposits.data?.filter((d) => d.status === 'active') ?? [];
  const [first] = running;
  if (!first) return null;
  const principal = running.reduce((sum, d) => sum + BigInt(d.principal), 0n);
  const accrued = running.reduce((sum, d) => sum + BigInt(d.accrued), 0n);
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      {heading}
      <dl className="mb-4 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">Put aside</dt>
          <dd className="text-xl font-bold tabular-nums">
            <MaskedAmount minor={principal.toString()} currency={first.currency} shown={shown} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700 dark:text-slate-300">Interest so far</dt>
          <dd className="text-xl font-bold tabular-nums">
            <MaskedAmount minor={accrued.toString()} currency={first.currency} shown={shown} />
          </dd>
        </div>
      </dl>
      <FixedDepositList deposits={running.slice(0, HOME_FIXED_DEPOSIT_COUNT)} shown={shown} />
      {running.length > HOME_FIXED_DEPOSIT_COUNT && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          And {running.length - HOME_FIXED_DEPOSIT_COUNT} more on the fixed deposit page.
        </p>
      )}
    </section>
  );
}
