import type { Transaction } from '@bank/contract';

const statusStyles: Record<Transaction['status'], string> = {
  successful: 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200',
  in_progress: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  cancelled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** A transaction's status as a badge, underscores shown as spaces (spec: "in progress"). */
export function TransactionStatus({ status }: { status: Transaction['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${statusStyles[status]}`}
    >
      {status.replaceAll('_', ' ')}
    </span>
  );
}
