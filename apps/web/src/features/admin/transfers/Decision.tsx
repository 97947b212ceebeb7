import {
  completeTransferSchema,
  failTransferSchema,
  type StaffTransferDetail,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { money } from '../../../components/funding/format';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { DecisionForm, DecisionPanel, ReasonField } from '../shared/DecisionPanel';
import { isConflict } from '../shared/outcome';
import { dualControlRule } from '../shared/second-person';
import { useConfirmStep } from '../shared/useConfirmStep';
import { useTransferDecision } from './api';

/** The decision waiting in the confirmation dialog; null while it is closed. */
type Asking = { kind: 'complete'; reference: string } | { kind: 'fail'; reason: string };

/** Whether refunding this transfer needs a second person (the server decides it again). */
const needsSecondPerson = (t: StaffTransferDetail) =>
  BigInt(t.amount) >= BigInt(t.dualControlThreshold);

/** What came of a decision: done, or sent for approval under a proposal. */
export type Decided = { text: string; approvalId: string | null };

/** What each decision does, in the dialog's words. */
function dialogText(t: StaffTransferDetail, asking: Asking) {
  const sent = money(t.amountReceived, t.currency);
  const debited = money(t.amount, t.currency);
  if (asking.kind === 'complete') {
    return {
      title: 'Mark this transfer successful?',
      description: `Only once ${sent} has gone to ${t.accountHolderName} at ${t.bank}. The transfer is recorded as successful with the reference "${asking.reference}", and ${t.customer.name} is told. This cannot be undone.`,
      confirmLabel: 'Mark successful',
    };
  }
  if (needsSecondPerson(t)) {
    return {
      title: 'Send this refund for approval?',
      description: `A refund of ${debited} is at or above the dual-control threshold of ${money(t.dualControlThreshold, t.currency)}: it is sent to a second person with your reason, and nothing moves until they approve it. Then ${t.customer.name} gets the full ${debited} back, service charge included, and is told your reason.`,
      confirmLabel: 'Send for approval',
    };
  }
  return {
    title: 'Mark this transfer failed?',
    description: `${t.customer.name} gets the full ${debited} back, service charge included, and is told your reason. Only if the money was not sent or came back. This cannot be undone.`,
    confirmLabel: `Mark failed and refund ${debited}`,
  };
}

/**
 * Mark successful with the reference of the payment as sent, or failed with a reason the
 * customer reads; each checked, then confirmed in a dialog, since either is final and moves
 * money. A 409 is the page's to tell (`onConflict`): the transfer is read again and shows who
 * decided.
 */
export function Decision({
  transfer,
  onDecided,
  onConflict,
}: {
  transfer: StaffTransferDetail;
  onDecided: (decided: Decided) => void;
  onConflict: (detail: string) => void;
}) {
  const { complete, fail } = useTransferDecision(transfer.id);
  const step = useConfirmStep<Asking>();
  const pending = complete.isPending || fail.isPending;
  const mutation = step.asking?.kind === 'fail' ? fail : complete;

  const completeForm = useForm({
    resolver: zodResolver(completeTransferSchema),
    defaultValues: { reference: '' },
  });
  const failForm = useForm({
    resolver: zodResolver(failTransferSchema),
    defaultValues: { reason: '' },
  });

  const ask = (next: Asking) => {
    complete.reset();
    fail.reset();
    step.ask(next);
  };
  const onComplete = completeForm.handleSubmit(({ reference }) =>
    ask({ kind: 'complete', reference }),
  );
  const onFail = failForm.handleSubmit(({ reason }) => ask({ kind: 'fail', reason }));

  /** A refused reference or reason is said on its field, which takes the focus. */
  const refusedField = (error: unknown) => {
    const { reference, reason } = fieldErrorsIn(error, ['reference', 'reason']);
    if (reference) {
      completeForm.setError('reference', { type: 'server', message: reference });
      return () => completeForm.setFocus('reference');
    }
    if (reason) {
      failForm.setError('reason', { type: 'server', message: reason });
      return () => failForm.setFocus('reason');
    }
    return null;
  };

  const onConfirm = () => {
    const asking = step.asking;
    if (!asking) return;
    const decided =
      asking.kind === 'complete'
        ? complete.mutateAsync(asking.reference).then((done): Decided => ({
            text: `Marked successful with the reference ${done.reference ?? asking.reference}. ${transfer.customer.name} has been told.`,
            approvalId: null,
          }))
        : fail.mutateAsync(asking.reason).then((done): Decided =>
            done.proposal
              ? {
                  text: `The refund of ${money(transfer.amount, transfer.currency)} was sent for approval: the transfer stays in progress until another staff member approves it.`,
                  approvalId: done.proposal.id,
                }
              : {
                  text: `Marked failed. ${money(transfer.amount, transfer.currency)} has been refunded to ${transfer.customer.name}, who has been told why.`,
                  approvalId: null,
                },
          );
    step.settle(decided, { onDone: onDecided, onConflict, refusedField });
  };

  const text = step.asking && dialogText(transfer, step.asking);
  const shownError =
    mutation.error && !isConflict(mutation.error) ? errorMessage(mutation.error) : null;

  return (
    <DecisionPanel>
      <DecisionForm title="Sent" action="Mark successful" disabled={pending} onSubmit={onComplete}>
        <TextField
          label="Payment reference"
          required
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          hint={`The reference your bank gave the payment of ${money(transfer.amountReceived, transfer.currency)}. The customer sees it.`}
          error={completeForm.formState.errors.reference?.message}
          {...completeForm.register('reference')}
        />
      </DecisionForm>
      <DecisionForm
        title="Not sent, or returned"
        action={needsSecondPerson(transfer) ? 'Mark failed: send for approval' : 'Mark failed'}
        secondary
        disabled={pending}
        onSubmit={onFail}
      >
        <ReasonField
          hint={`The customer reads this in the app and by email. The full ${money(transfer.amount, transfer.currency)} is refunded to them. ${dualControlRule(transfer.dualControlThreshold, transfer.currency, 'Refunds')}`}
          error={failForm.formState.errors.reason?.message}
          {...failForm.register('reason')}
        />
      </DecisionForm>
      <ConfirmDialog
        {...step.dialog}
        title={text?.title ?? ''}
        description={text?.description}
        confirmLabel={text?.confirmLabel ?? ''}
        onConfirm={onConfirm}
        pending={pending}
        error={shownError}
      />
    </DecisionPanel>
  );
}
