import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cardClass } from '../../components/ui/card';

/** One block of the settings page: an icon, a heading, a line on what it does, the form. */
export function Section({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="mb-4 flex items-start gap-3">
        <span className="rounded-full bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            {title}
          </h2>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
            {description}
          </p>
        </div>
      </div>
      {children}
    </section>
  );
}
