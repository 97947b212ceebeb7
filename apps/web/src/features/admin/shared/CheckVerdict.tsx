import { formatUtcDayTime } from '@bank/contract';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';

/** The latest run of the ledger's invariant checker, as the verdict shows it. */
export interface CheckSeen {
  at: string;
  ok: boolean;
  violations: number;
}

const tones = {
  ok: 'border-green-700 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100',
  warning:
    'border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100',
  violation:
    'border-red-700 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100',
};

/**
 * "18/11/2026, 09:15 UTC": a time as the back office shows every time, in UTC as the books and
 * the audit log keep it, whatever the staff member's own time zone.
 */
export function utcTime(iso: string): string {
  return formatUtcDayTime(iso);
}

/**
 * The ledger checker's verdict in one line with its time: the books balance, or how many
 * violations the check found, or that no check has run (or none for too long: the periodic
 * check may have stopped). Words and an icon, never colour alone.
 */
export function CheckVerdict({
  check,
  stale = false,
}: {
  check: CheckSeen | null;
  stale?: boolean;
}) {
  const tone = !check ? 'warning' : !check.ok ? 'violation' : stale ? 'warning' : 'ok';
  const Icon = tone === 'ok' ? CircleCheck : tone === 'violation' ? CircleAlert : TriangleAlert;
  return (
    <div className={`flex gap-3 rounded-lg border-l-4 px-4 py-3 ${tones[tone]}`}>
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">
          {!check
            ? 'The ledger has not been checked yet.'
            : check.ok
              ? 'OK: the last check found no violations.'
              : `Violation: the last check found ${check.violations} ${check.violations === 1 ? 'violation' : 'violations'}.`}
        </p>
        {check && (
          <p className="text-sm">
            Checked <time dateTime={check.at}>{utcTime(check.at)}</time>.
            {stale && ' No check has run since: the periodic check may have stopped.'}
          </p>
        )}
      </div>
    </div>
  );
}
