import { useQuery } from '@tanstack/react-query';
import { BellRing, HandCoins, Wallet } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/CopyButton';
import { Toast, useToast } from '../../components/ui/Toast';
import { BANK_NAME } from '../../lib/brand';
import { queries } from '../../lib/queries';

const linkClass = 'font-semibold text-brand-700 underline dark:text-brand-50';

/**
 * A new customer's first look: with nothing in the account yet, the next things to do. Shown
 * only while the balance is zero and no transaction has ever been posted. Receiving money says
 * what each payer needs: another customer of this bank pays by the account number alone
 * (shown here, with a copy button); another bank also needs the bank's details.
 */
export function FirstSteps({ held = false }: { held?: boolean }) {
  // Asked while `held` too (the page is checking for a PIN): the page's reads all start at once.
  const summary = useQuery(queries.accountSummary());
  const headingId = useId();
  const { toast, show } = useToast();
  const account = summary.data;
  if (held || !account || account.availableBalance !== '0' || account.totalCredit !== '0')
    return null;
  const onCopied = (copied: boolean) =>
    show(
      copied
        ? { text: 'Copied to clipboard', tone: 'success' }
        : { text: 'Could not copy', tone: 'error' },
    );
  return (
    <section aria-labelledby={headingId} className={`${cardClass} border-l-4 border-brand-600`}>
      <h2 id={headingId} className="text-lg font-bold">
        Welcome to your new account
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Your account is open. Here is how to get started:
      </p>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2">
        <li className="flex gap-3 sm:col-span-2">
          <HandCoins aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <div className="min-w-0">
            <p>
              To receive money from another {BANK_NAME} customer, give them your account number:
              that is all they need.
            </p>
            <p className="flex flex-wrap items-center gap-x-1">
              <span className="font-mono font-semibold break-all">{account.accountNumber}</span>
              <CopyButton
                text={account.accountNumber}
                label="Copy account number to share"
                onResult={onCopied}
              />
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              From another bank, they also need{' '}
              <Link to="/dashboard/add-funds/it" className={linkClass}>
                the bank’s details
              </Link>
              .
            </p>
          </div>
        </li>
        <li className="flex gap-3">
          <Wallet aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            <Link to="/dashboard/add-funds" className={linkClass}>
              Add funds
            </Link>{' '}
            with a crypto deposit.
          </span>
        </li>
        <li className="flex gap-3">
          <BellRing aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            Check{' '}
            <Link to="/dashboard/profile" className={linkClass}>
              your profile
            </Link>{' '}
            so we can reach you.
          </span>
        </li>
      </ol>
      <Toast toast={toast} />
    </section>
  );
}
