import { Link, useSearchParams } from 'react-router';

/** A queue's statuses, the one shown by default first. */
type Statuses<S extends string> = readonly [S, ...S[]];

/** The status asked for in the address (`?status=`), or the first when it is none of them. */
export function statusIn<S extends string>(params: URLSearchParams, statuses: Statuses<S>): S {
  const asked = params.get('status');
  return statuses.find((status) => status === asked) ?? statuses[0];
}

/** The status of a queue page's address (see `statusIn`). */
export function useStatusInAddress<S extends string>(statuses: Statuses<S>): S {
  const [params] = useSearchParams();
  return statusIn(params, statuses);
}

/**
 * A staff queue's statuses as links (the status is in the address, the first at `path` itself),
 * the shown one marked.
 */
export function StatusTabs<S extends string>({
  label,
  path,
  statuses,
  labels,
  shown,
}: {
  label: string;
  path: string;
  statuses: Statuses<S>;
  labels: Record<S, string>;
  shown: S;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {statuses.map((status, index) => (
          <li key={status}>
            <Link
              to={index === 0 ? path : `${path}?status=${status}`}
              aria-current={status === shown ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ring-1 sm:px-4 ${
                status === shown
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-brand-700 ring-slate-300 hover:bg-brand-50 dark:bg-slate-900 dark:text-brand-50 dark:ring-slate-700 dark:hover:bg-slate-800'
              }`}
            >
              {labels[status]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
