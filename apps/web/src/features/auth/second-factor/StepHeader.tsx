import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/PageHeading';

/** The icon, heading and lead of each second-factor step. */
export function StepHeader({
  icon: Icon,
  title,
  heading,
  children,
}: {
  icon: LucideIcon;
  title: string;
  heading?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <PageHeading title={title}>{heading ?? title}</PageHeading>
      <div className="text-slate-700 dark:text-slate-300">{children}</div>
    </div>
  );
}
