import { useId, type ReactNode } from 'react';
import { panelClass } from './panel';

export type DetailRow = [term: string, value: ReactNode];

/**
 * Terms and their values on a panel: side by side from tablet width, stacked on a phone. A value
 * keeps its own lines (a postal address, a reason written in paragraphs) and wraps between words; a
 * word longer than the line (a transaction id) breaks rather than widening the page.
 */
export function DetailRows({ rows }: { rows: DetailRow[] }) {
  return (
    <dl
      className={`grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)] ${panelClass}`}
    >
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="mb-2 min-w-0 break-words whitespace-pre-line sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled block of a review page: its heading (h2) and its rows. */
export function DetailSection({ title, rows }: { title: string; rows: DetailRow[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <DetailRows rows={rows} />
    </section>
  );
}
