import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { utcTime } from './CheckVerdict';

export const linkClass = 'font-semibold text-brand-700 underline dark:text-brand-50';
export const mutedClass = 'text-slate-600 dark:text-slate-400';

/**
 * The link to an item's page. Its name carries whose it is too ("Deposit 12: Ama Mensah"), so
 * that a list of the page's links read out on its own still says which is which.
 */
export function ItemLink({
  to,
  whose,
  children,
}: {
  to: string;
  whose?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={linkClass}>
      {children}
      {whose && <span className="sr-only">: {whose}</span>}
    </Link>
  );
}

/** A customer as a queue shows them: the name, the email under it (long ones wrap). */
export function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className={`block text-sm break-all ${mutedClass}`}>{email}</span>
    </>
  );
}

/** A value that is not there: a dash to the eye, `said` to a screen reader. */
export function Missing({ said }: { said: string }) {
  return (
    <>
      <span aria-hidden="true" className={mutedClass}>
        —
      </span>
      <span className="sr-only">{said}</span>
    </>
  );
}

/** A moment, or a dash when none was recorded. */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <Missing said="Not recorded" />;
  return <time dateTime={iso}>{utcTime(iso)}</time>;
}
