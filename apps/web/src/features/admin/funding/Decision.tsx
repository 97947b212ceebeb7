import {
  declineFundingSchema,
  formatMoney,
  toDecimalString,
  type StaffFundingRequest,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors, fieldErrorsIn } from '../../../lib/apply-field-errors';
import { receivedAmountFormSchema, useFundingDecision } from '../api/funding';
import { panelClass } from '../panel';
import { ConfirmSummary } from './ConfirmSummary';

/** 150000n -> "1,500.00": an amount as staff type it, without the currency sign. */
const grouped = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
function asTyped(minor: bigint): string {
  return grouped.format(toDecimalString(minor) as unknown as number);
}

/** A refusal by the request's state: most often, a colleague decided it first. */
function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/**
 * Confirm with the amount that actually arrived (checked, then confirmed in a dialog that says
 * how it stands against the claim) or decline with a reason the customer reads. A 409 is the
 * page's to tell (`onConflict`): the request is read again and shows who decided.
 */
export function Decision({
  request,
  onDecided,
  onConflict,
}: {
  request: StaffFundingRequest;
  onDecided: (message: string) => void;
  onConflict: (detail: string) => void;
}) {
  const { confirm, decline } = useFundingDecision(request.id);
  const money = (minor: bigint) => formatMoney(minor, request.currency);
  const claimed = BigInt(request.claimedAmount);
  /** The amount in the confirmation dialog; null while it is closed. */
  const [asking, setAsking] = useState<bigint | null>(null);
  const busy = confirm.isPending || decline.isPending;

  const amountForm = useForm({
    resolver: zodResolver(receivedAmountFormSchema),
    defaultValues: { receivedAmount: asTyped(claimed) },
  });
  const reasonForm = useForm({
    resolver: zodResolver(declineFundingSchema),
    defaultValues: { reason: '' },
  });

  /** Where the focus goes when the dialog closes on an answer: back where it was, by default. */
  const [focusAfter, setFocusAfter] = useState<'field' | 'outcome' | null>(null);
  const { setFocus } = amountForm;
  useEffect(() => {
    if (focusAfter === 'field') setFocus('receivedAmount');
  }, [focusAfter, setFocus]);

  const onAmount = amountForm.handleSubmit(({ receivedAmount }) => {
    confirm.reset();
    setFocusAfter(null);
    setAsking(receivedAmount);
  });

  // mutateAsync, not mutate's callbacks: the decided request replaces this component before
  // the answer's callbacks would run, and the outcome must still reach the page.
  const onConfirm = () => {
    if (asking === null) return;
    confirm.mutateAsync(asking).then(
      (done) => {
        setFocusAfter('outcome');
        setAsking(null);
        onDecided(
          `Confirmed with ${money(BigInt(done.receivedAmount ?? asking))}. The customer has been told.`,
        );
      },
      (error: unknown) => {
        if (isConflict(error)) {
          setFocusAfter('outcome');
          setAsking(null);
          onConflict(error.detail);
          return;
        }
        // A refused amount is said on its field, which takes the focus once the dialog closes.
        const message = fieldErrorsIn(error, ['receivedAmount']).receivedAmount;
        if (message) {
          setFocusAfter('field');
          setAsking(null);
          amountForm.setError('receivedAmount', { type: 'server', message });
        }
      },
    );
  };

  const onDecline = reasonForm.handleSubmit(({ reason }) =>
    decline.mutateAsync(reason).then(
      () => onDecided('Declined. The customer has been told why.'),
      (error: unknown) => {
        if (isConflict(error)) onConflict(error.detail);
        else applyFieldErrors(error, ['reason'], reasonForm.setError);
      },
    ),
  );
  const declineFailed =
    decline.error && !isConflict(decline.error) && !fieldErrorsIn(decline.error, ['reason']).reason;

  return (
    <section aria-labelledby="funding-decision" className="flex flex-col gap-4">
      <h2 id="funding-decision" className="text-lg font-semibold">
        Decision
      </h2>
      {declineFailed && <Banner tone="error">{errorMessage(decline.error)}</Banner>}
      <div className="grid gap-6 md:grid-cols-2">
        <form noValidate onSubmit={onAmount} className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Confirm</h3>
          <TextField
            label="Amount received"
            required
            inputMode="decimal"
            autoComplete="off"
            hint={`What actually arrived, in ${request.currency}. The customer claimed ${money(claimed)}.`}
            error={amountForm.formState.errors.receivedAmount?.message}
            {...amountForm.register('receivedAmount')}
          />
          <Button type="submit" disabled={busy}>
            Confirm
          </Button>
        </form>
        <form noValidate onSubmit={onDecline} className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Decline</h3>
          <TextAreaField
            label="Reason for the customer"
            required
            maxLength={500}
            hint="The customer reads this in the app and by email. Nothing moves."
            error={reasonForm.formState.errors.reason?.message}
            {...reasonForm.register('reason')}
          />
          <Button type="submit" variant="secondary" loading={decline.isPending} disabled={busy}>
            Decline
          </Button>
        </form>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title="Confirm this request?"
        description={asking !== null && <ConfirmSummary request={request} received={asking} />}
        confirmLabel={`Confirm ${asking === null ? '' : money(asking)}`}
        onConfirm={onConfirm}
        pending={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error) : null}
        returnFocus={focusAfter === null}
      />
    </section>
  );
}
