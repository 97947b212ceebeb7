import type { TransferStatus } from '@bank/contract';
import { BANK_NAME } from '../../../lib/brand';
import { StatusBadge as SharedBadge, type StatusTone } from '../shared/StatusBadge';
import { STATUS_LABELS } from './labels';

const STATUS_TONES: Record<TransferStatus, StatusTone> = {
  in_progress: 'waiting',
  successful: 'done',
  failed: 'refused',
  cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: TransferStatus }) {
  return <SharedBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</SharedBadge>;
}

/** Marks a transfer to an account of this bank: settled at once, nothing to send out. */
export function InternalBadge() {
  return (
    <SharedBadge tone="neutral" title={`To an account of ${BANK_NAME}, settled at once`}>
      Internal
    </SharedBadge>
  );
}
