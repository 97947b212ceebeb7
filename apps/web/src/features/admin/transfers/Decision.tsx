import { completeTransferSchema, failTransferSchema, type StaffTransfer } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { money } from '../../../components/funding/format';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { useTransferDecision } from '../api/transfers';
import { panelClass } from '../panel';

/** A refusal by the transfer's state: most often, a colleague decided it first. */
function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** The decision waiting in the confirmation dialog; null while it is closed. */
type Asking = { kind: 'complete'; reference: string } | { kind: 'fail'; reason: string };

/** What each decision does, in the dialog's words. */
function dialogText(t: StaffTransfer, asking: Asking) {
  const sent = money(t.amountReceived, t.currency);
  const debited = money(t.amount, t.currency);
  if (asking.kind === 'complete') {
    return {
      title: 'Mark this transfer successful?',
      description: `Only once ${sent} has gone to ${t.accountHolderName} at ${t.bank}. The transfer is recorded as successful with the reference "${asking.reference}", and ${t.customer.name} is told. This cannot be undone.`,
      confirmLabel: 'Mark successful',
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
  transfer: StaffTransfer;
  onDecided: (message: string) => void;
  onConflict: (detail: string) => void;
}) {
  const { complete, fail } = useTransferDecision(transfer.id);
  const [asking, setAsking] = useState<Asking | null>(null);
  const pending = complete.isPending || fail.isPending;
  const mutation = asking?.kind === 'fail' ? fail : complete;

  const completeForm = useForm({
    resolver: zodResolver(completeTransferSchema),
    defaultValues: { reference: '' },
  });
  const failForm = useForm({
    resolver: zodResolver(failTransferSchema),
    defaultValues: { reason: '' },
  });

  /** Where the focus goes when the dialog closes on an answer: back where it was, by default. */
  const [focusAfter, setFocusAfter] = useState<'reference' | 'reason' | 'outcome' | null>(null);
  const setCompleteFocus = completeForm.setFocus;
  const setFailFocus = failForm.setFocus;
  useEffect(() => {
    if (focusAfter === 'reference') setCompleteFocus('reference');
    if (focusAfter === 'reason') setFailFocus('reason');
  }, [focusAfter, setCompleteFocus, setFailFocus]);

  const ask = (next: Asking) => {
    complete.reset();
    fail.reset();
    setFocusAfter(null);
    setAsking(next);
  };
  const onComplete = completeForm.handleSubmit(({ reference }) =>
    ask({ kind: 'complete', reference }),
  );
  const onFail = failForm.handleSubmit(({ reason }) => ask({ kind: 'fail', reason }));

  /** A refused reference or reason is said on its field, which takes the focus. */
  const refusedField = (error: unknown): boolean => {
    const { reference, reason } = fieldErrorsIn(error, ['reference', 'reason']);
    if (reference) {
      completeForm.setError('reference', { type: 'server', message: reference });
      setFocusAfter('reference');
    } else if (reason) {
      failForm.setError('reason', { type: 'server', message: reason });
      setFocusAfter('reason');
    }
    return Boolean(reference ?? reason);
  };

  // mutateAsync, not mutate's callbacks: the decided transfer replaces this component before
  // the answer's callbacks would run, and the outcome must still reach the page.
  const onConfirm = () => {
    if (!asking) return;
    const decided =
      asking.kind === 'complete'
        ? complete
            .mutateAsync(asking.reference)
            .then(
              (done) =>
                `Marked successful with the reference ${done.reference ?? asking.reference}. ${transfer.customer.name} has been told.`,
            )
        : fail
            .mutateAsync(asking.reason)
            .then(
              () =>
                `Marked failed. ${money(transfer.amount, transfer.currency)} has been refunded to ${transfer.customer.name}, who has been told why.`,
            );
    decided.then(
      (message) => {
        setFocusAfter('outcome');
        setAsking(null);
        onDecided(message);
      },
      (error: unknown) => {
        if (isConflict(error)) {
          setFocusAfter('outcome');
          setAsking(null);
          onConflict(error.detail);
        } else if (refusedField(error)) {
          setAsking(null);
        }
        // Anything else is said in the dialog, which stays open to try again.
      },
    );
  };

  const text = asking && dialogText(transfer, asking);
  const shownError =
    mutation.error && !isConflict(mutation.error) ? errorMessage(mutation.error) : null;

  return (
    <section aria-labelledby="transfer-decision" className="flex flex-col gap-4">
      <h2 id="transfer-decision" className="text-lg font-semibold">
        Decision
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <form noValidate onSubmit={onComplete} className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Sent</h3>
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
          <Button type="submit" disabled={pending} className="mt-auto">
            Mark successful
          </Button>
        </form>
        <form noValidate onSubmit={onFail} className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Not sent, or returned</h3>
          <TextAreaField
            label="Reason for the customer"
            required
            maxLength={500}
            hint={`The customer reads this in the app and by email. The full ${money(transfer.amount, transfer.currency)} is refunded to them.`}
            error={failForm.formState.errors.reason?.message}
            {...failForm.register('reason')}
          />
          <Button type="submit" variant="secondary" disabled={pending}>
            Mark failed
          </Button>
        </form>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={text?.title ?? ''}
        description={text?.description}
        confirmLabel={text?.confirmLabel ?? ''}
        onConfirm={onConfirm}
        pending={pending}
        error={shownError}
        returnFocus={focusAfter === null}
      />
    </section>
  );
}
