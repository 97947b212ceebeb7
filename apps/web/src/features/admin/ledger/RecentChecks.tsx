import type { LedgerCheck } from '@bank/contract';
import { mutedClass } from '../shared/cells';
import { utcTime } from '../shared/CheckVerdict';
import { panelClass } from '../shared/panel';

const who = (check: LedgerCheck) =>
  check.trigger === 'schedule' ? 'Every 15 minutes' : (check.runBy ?? 'Staff');

/** The checker's latest runs: when, the verdict, how long, who ran it. */
export function RecentChecks({ checks }: { checks: LedgerCheck[] }) {
  return (
    <section aria-labelledby="recent-checks" className={`${panelClass} flex flex-col gap-2`}>
      <h2 id="recent-checks" className="text-lg font-semibold">
        Recent checks
      </h2>
      {checks.length === 0 ? (
        <p className={mutedClass}>No check has run yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {checks.map((check) => (
            <li key={check.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
              <time dateTime={check.finishedAt} className="font-medium">
                {utcTime(check.finishedAt)}
              </time>
              <span
                className={
                  check.ok
                    ? 'font-semibold text-green-800 dark:text-green-300'
                    : 'font-semibold text-red-800 dark:text-red-300'
                }
              >
                {check.ok
                  ? 'OK'
                  : `${check.violations} ${check.violations === 1 ? 'violation' : 'violations'}`}
              </span>
              <span className={mutedClass}>{check.durationMs} ms</span>
              <span className={mutedClass}>{who(check)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
