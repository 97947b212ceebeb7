import type { FundingStatus } from '@bank/contract';

const styles: Record<FundingStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-100',
  confirmed: 'bg-green-50 text-green-800 ring-green-700/30 dark:bg-green-950 dark:text-green-200',
  declined: 'bg-red-50 text-red-800 ring-red-700/30 dark:bg-red-950 dark:text-red-200',
};

/** A funding request's status (spec: pending, confirmed, declined) as a badge. */
export function FundingStatusBadge({ status }: { status: FundingStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${styles[status]}`}
    >
      {status}
    </span>
  );
}
