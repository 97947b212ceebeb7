import type { TransferStatus } from '@bank/contract';
import { BANK_NAME } from '../../../lib/brand';
import { STATUS_LABELS } from './labels';

const STATUS_STYLES: Record<TransferStatus, string> = {
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  successful: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

export function StatusBadge({ status }: { status: TransferStatus }) {
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Marks a transfer to an account of this bank: settled at once, nothing to send out. */
export function InternalBadge() {
  return (
    <span
      title={`To an account of ${BANK_NAME}, settled at once`}
      className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
    >
      Internal
    </span>
  );
}
