import { Fragment, type ReactNode } from 'react';
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

/**
 * An email address that may wrap where addresses are read apart, after the @ (and, in a narrow
 * place, before a dot of the name or the domain), never in the middle of a name:
 * "ama.mensah@" / "example.com", or "ama" / ".mensah@" / "example.com". A long name with dots
 * ("newbie.1795811420309@") would otherwise hold its column wide enough to push a queue's table
 * past a 1024 px screen.
 */
export function Email({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const local = (at < 0 ? email : email.slice(0, at + 1)).split(/(?=\.)/);
  const domain = at < 0 ? [] : email.slice(at + 1).split(/(?=\.)/);
  const parts = [...local, ...domain].filter(Boolean);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** A customer as a queue shows them: the name, the email under it (each wraps between words). */
export function Person({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium break-words">{name}</span>
      <span className={`block text-sm break-words ${mutedClass}`}>
        <Email email={email} />
      </span>
    </>
  );
}

/**
 * A reference or an id in a table: monospace, on one line, cut short with an ellipsis where
 * it would crowd the table (whole in its title, and to a screen reader, which reads it all).
 */
export function Reference({ text, small = false }: { text: string; small?: boolean }) {
  return (
    <span
      title={text}
      className={`block truncate font-mono md:max-w-40 ${small ? `text-xs ${mutedClass}` : 'text-sm'}`}
    >
      {text}
    </span>
  );
}

/**
 * An item's name for its link, "Fixed deposit 14": it may wrap between words, never between
 * the last word and the number.
 */
export function Numbered({ label, id }: { label: string; id: string }) {
  const last = label.lastIndexOf(' ');
  return (
    <>
      {last < 0 ? '' : `${label.slice(0, last)} `}
      <span className="whitespace-nowrap">
        {label.slice(last + 1)} {id}
      </span>
    </>
  );
}

/** When a decision was taken and by whom, in one cell: the moment, then "by Ama Mensah". */
export function Decided({ at, by }: { at: string | null; by: ReactNode }) {
  return (
    <>
      <When iso={at} />
      <span className={`block text-sm ${mutedClass}`}>by {by}</span>
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

/**
 * A moment, or a dash when none was recorded. In a narrow column it wraps after the day, the
 * time and its zone kept together: "21/11/2026," / "12:00 UTC".
 */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <Missing said="Not recorded" />;
  return <time dateTime={iso}>{utcTime(iso).replace(/ (?=UTC$)/, '\u00a0')}</time>;
}
