import {
  declineFundingSchema,
  formatMoney,
  toDecimalString,
  type StaffFundingRequest,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/TextField';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors, fieldErrorsIn } from '../../../lib/apply-field-errors';
import { DecisionForm, DecisionPanel, ReasonField } from '../shared/DecisionPanel';
import { isConflict } from '../shared/outcome';
import { useConfirmStep } from '../shared/useConfirmStep';
import { receivedAmountFormSchema, useFundingDecision } from './api';
import { ConfirmSummary } from './ConfirmSummary';

/** 150000n -> "1,500.00": an amount as staff type it, without the currency sign. */
const grouped = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
function asTyped(minor: bigint): string {
  return grouped.format(toDecimalString(minor) as unknown as number);
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
  /** `asking` is the amount in the confirmation dialog. */
  const step = useConfirmStep<bigint>();
  const busy = confirm.isPending || decline.isPending;

  const amountForm = useForm({
    resolver: zodResolver(receivedAmountFormSchema),
    defaultValues: { receivedAmount: asTyped(claimed) },
  });
  const reasonForm = useForm({
    resolver: zodResolver(declineFundingSchema),
    defaultValues: { reason: '' },
  });

  const onAmount = amountForm.handleSubmit(({ receivedAmount }) => {
    confirm.reset();
    step.ask(receivedAmount);
  });

  const onConfirm = () => {
    const asking = step.asking;
    if (asking === null) return;
    step.settle(confirm.mutateAsync(asking), {
      onDone: (done) =>
        onDecided(
          `Confirmed with ${money(BigInt(done.receivedAmount ?? asking))}. The customer has been told.`,
        ),
      onConflict,
      // A refused amount is said on its field, which takes the focus once the dialog closes.
      refusedField: (error) => {
        const message = fieldErrorsIn(error, ['receivedAmount']).receivedAmount;
        if (!message) return null;
        amountForm.setError('receivedAmount', { type: 'server', message });
        return () => amountForm.setFocus('receivedAmount');
      },
    });
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
    <DecisionPanel error={declineFailed ? errorMessage(decline.error) : null}>
      <DecisionForm title="Confirm" action="Confirm" disabled={busy} onSubmit={onAmount}>
        <TextField
          label="Amount received"
          required
          inputMode="decimal"
          autoComplete="off"
          hint={`What actually arrived, in ${request.currency}. The customer claimed ${money(claimed)}.`}
          error={amountForm.formState.errors.receivedAmount?.message}
          {...amountForm.register('receivedAmount')}
        />
      </DecisionForm>
      <DecisionForm
        title="Decline"
        action="Decline"
        secondary
        pending={decline.isPending}
        disabled={busy}
        onSubmit={onDecline}
      >
        <ReasonField
          hint="The customer reads this in the app and by email. Nothing moves."
          error={reasonForm.formState.errors.reason?.message}
          {...reasonForm.register('reason')}
        />
      </DecisionForm>
      <ConfirmDialog
        {...step.dialog}
        title="Confirm this request?"
        description={
          step.asking !== null && <ConfirmSummary request={request} received={step.asking} />
        }
        confirmLabel={`Confirm ${step.asking === null ? '' : money(step.asking)}`}
        onConfirm={onConfirm}
        pending={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error) : null}
      />
    </DecisionPanel>
  );
}
