/** The white panel the staff pages put each block on. */
export const panelClass =
  'rounded-lg bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
