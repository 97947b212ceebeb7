import type { StaffTransfer, TransferStatus } from '@bank/contract';

export const STATUS_LABELS: Record<TransferStatus, string> = {
  in_progress: 'In progress',
  successful: 'Successful',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What happened to a decided transfer, as a sentence reads it: "it was marked failed". */
export const DECIDED_AS: Record<TransferStatus, string> = {
  in_progress: 'left in progress',
  successful: 'marked successful',
  failed: 'marked failed',
  cancelled: 'cancelled by the customer (refunded)',
};

/** "Transfer 41": how a transfer is named in the queue and on its page. */
export function transferName(transfer: Pick<StaffTransfer, 'id'>): string {
  return `Transfer ${transfer.id}`;
}
