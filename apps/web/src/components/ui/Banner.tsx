import type { ReactNode } from 'react';

const tones = {
  info: 'border-brand-700 bg-brand-50 text-slate-900 dark:border-brand-600 dark:bg-slate-900 dark:text-slate-100',
  success:
    'border-green-700 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100',
  warning:
    'border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100',
  error:
    'border-red-700 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100',
};

/** A message above a form: errors interrupt (alert), success and warnings wait (status). */
export function Banner({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border-l-4 px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
