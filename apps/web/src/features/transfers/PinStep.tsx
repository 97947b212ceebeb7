import type { TransferStep } from '@bank/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { TransactionPinForm } from '../../components/pin/TransactionPinForm';

/**
 * The transaction PIN of a transfer (spec: pin), asked as every payment out of the balance asks
 * it (TransactionPinForm): the server's answer says what comes next.
 */
export function PinStep({
  verify,
  sending,
  onAnswer,
  onRefused,
}: {
  verify: UseMutationResult<TransferStep, Error, string>;
  /** The PIN was accepted and the transfer is on its way. */
  sending: boolean;
  onAnswer: (step: TransferStep) => void;
  /** True when the page took care of the refusal (a notice, an ended session). */
  onRefused: (error: unknown) => boolean;
}) {
  return (
    <TransactionPinForm
      intro="Enter your 4-digit transaction PIN to authorize this transfer."
      submitLabel="Confirm"
      busy={verify.isPending || sending}
      disabled={sending}
      authorize={async (pin) => onAnswer(await verify.mutateAsync(pin))}
      onRefused={onRefused}
    />
  );
}
