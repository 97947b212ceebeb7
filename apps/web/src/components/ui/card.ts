/** The white panel every block of the dashboard sits on. */
export const cardClass =
  'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';
