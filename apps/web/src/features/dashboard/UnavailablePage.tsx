import { AUTH_REDIRECT_DELAY_MS } from '@bank/contract';
import { MapPinOff } from 'lucide-react';
import { useEffect } from 'react';
import { Banner } from '../../components/ui/Banner';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';

/**
 * Loan, Credit Card and Pay Bills (spec): "Not Available in your region", then back to the
 * dashboard after 5 s. These products are not offered by the bank anywhere (the server's region
 * availability says so), so the page says it without asking.
 */
export function UnavailablePage({ title }: { title: string }) {
  const goHome = useDelayedNavigate(AUTH_REDIRECT_DELAY_MS);
  useEffect(() => goHome('/dashboard', { replace: true }), [goHome]);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeading title={title} />
      <section className={`${cardClass} flex flex-col items-center gap-4 py-10 text-center`}>
        <span className="rounded-full bg-amber-50 p-4 text-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <MapPinOff aria-hidden="true" className="h-8 w-8" />
        </span>
        <Banner tone="error">Not Available in your region</Banner>
        <p className="text-slate-700 dark:text-slate-300">
          Taking you back to the dashboard in {AUTH_REDIRECT_DELAY_MS / 1000} seconds.
        </p>
        <ButtonLink to="/dashboard" replace variant="secondary">
          Back to the dashboard now
        </ButtonLink>
      </section>
    </div>
  );
}
