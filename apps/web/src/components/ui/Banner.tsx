import { useEffect, useRef, type ReactNode } from 'react';

const tones = {
  info: 'border-brand-700 bg-brand-50 text-slate-900 dark:border-brand-600 dark:bg-slate-900 dark:text-slate-100',
  success:
    'border-green-700 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100',
  warning:
    'border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100',
  error:
    'border-red-700 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100',
};

/**
 * A message above a form: errors interrupt (alert), success and warnings wait (status). When a
 * message appears after the focus was lost (the pressed button was disabled while the request
 * ran, or the field it was in went away), the message takes it, so that a keyboard or
 * screen-reader user carries on from there rather than from the top of the page.
 */
export function Banner({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const lost =
      !active || active === document.body || (active as HTMLButtonElement).disabled === true;
    if (lost) ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border-l-4 px-4 py-3 text-sm focus:outline-2 focus:outline-offset-2 ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
