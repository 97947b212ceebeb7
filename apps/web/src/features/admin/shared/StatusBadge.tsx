import type { ReactNode } from 'react';

/** What a status means for staff: still to do, done, refused or failed, or merely a mark. */
export type StatusTone = 'waiting' | 'done' | 'refused' | 'neutral';

const TONES: Record<StatusTone, string> = {
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  done: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  refused: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  neutral: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** An item's status beside its heading, coloured by what it means. */
export function StatusBadge({
  tone,
  title,
  children,
}: {
  tone: StatusTone;
  /** A longer explanation, shown on hover. */
  title?: string;
  children: ReactNode;
}) {
  return (
    <span title={title} className={`rounded-full px-3 py-1 text-sm font-semibold ${TONES[tone]}`}>
      {children}
    </span>
  );
}
