import { useQuery } from '@tanstack/react-query';
import { BellRing, Copy, Wallet } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card';
import { queries } from '../../lib/queries';

/**
 * A new customer's first look: with nothing in the account yet, the next things to do. Shown
 * only while the balance is zero and no transaction has ever been posted.
 */
export function FirstSteps() {
  const summary = useQuery(queries.accountSummary());
  const headingId = useId();
  const account = summary.data;
  if (!account || account.availableBalance !== '0' || account.totalCredit !== '0') return null;
  return (
    <section aria-labelledby={headingId} className={`${cardClass} border-l-4 border-brand-600`}>
      <h2 id={headingId} className="text-lg font-bold">
        Welcome to your new account
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Your account is open. Here is how to get started:
      </p>
      <ol className="mt-4 grid gap-3 sm:grid-cols-3">
        <li className="flex gap-3">
          <Copy aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>Share your account number above to receive money.</span>
        </li>
        <li className="flex gap-3">
          <Wallet aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            <Link
              to="/dashboard/add-funds"
              className="font-semibold text-brand-700 underline dark:text-brand-50"
            >
              Add funds
            </Link>{' '}
            with a crypto deposit.
          </span>
        </li>
        <li className="flex gap-3">
          <BellRing aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            Check{' '}
            <Link
              to="/dashboard/profile"
              className="font-semibold text-brand-700 underline dark:text-brand-50"
            >
              your profile
            </Link>{' '}
            so we can reach you.
          </span>
        </li>
      </ol>
    </section>
  );
}
