import { Hourglass } from 'lucide-react';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';

/**
 * A section of the menu whose service is still being built: said plainly, inside the shell,
 * with a way back, never a router error.
 */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeading title={title} />
      <section className={`${cardClass} flex flex-col items-center gap-4 py-10 text-center`}>
        <span className="rounded-full bg-brand-50 p-4 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <Hourglass aria-hidden="true" className="h-8 w-8" />
        </span>
        <h2 className="text-xl font-bold">Coming soon</h2>
        <p className="max-w-md text-slate-700 dark:text-slate-300">
          {title} is not open yet: we are still building it. Everything else in the menu works
          today.
        </p>
        <ButtonLink to="/dashboard">Back to the dashboard</ButtonLink>
      </section>
    </div>
  );
}
