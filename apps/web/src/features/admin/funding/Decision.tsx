import {
  declineFundingSchema,
  formatMoney,
  MAX_DECISION_MINOR_UNITS,
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
import { dualControlRule } from '../shared/second-person';
import { useConfirmStep } from '../shared/useConfirmStep';
import { receivedAmountFormSchema, useFundingDecision } from './api';
import { ConfirmSummary } from './ConfirmSummary';

/** What came of a confirmation or a decline: done, or sent for approval under a proposal. */
export type Decided = { text: string; approvalId: string | null };

/** Whether confirming `received` needs a second person (the server decides it again). */
export function needsSecondPerson(request: StaffFundingRequest, received: bigint): boolean {
  return (
    received >= BigInt(request.dualControlThreshold) || received > BigInt(request.claimedAmount)
  );
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
  onDecided: (decided: Decided) => void;
  onConflict: (detail: string) => void;
}) {
  const { confirm, decline } = useFundingDecision(request.id);
  const money = (minor: bigint) => formatMoney(minor, request.currency);
  const claimed = BigInt(request.claimedAmount);
  /** `asking` is the amount in the confirmation dialog. */
  const step = useConfirmStep<bigint>();
  const busy = confirm.isPending || decline.isPending;
  const second = step.asking !== null && needsSecondPerson(request, step.asking);

  const amountForm = useForm({
    resolver: zodResolver(receivedAmountFormSchema),
    // Empty: staff type what they see arrived, never accept the customer's claim by default.
    defaultValues: { receivedAmount: '' },
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
          done.proposal
            ? {
                text: `Confirming ${money(asking)} was sent for approval: the request stays pending (the customer sees it pending) until another reviewer approves it.`,
                approvalId: done.proposal.id,
              }
            : {
                text: `Confirmed with ${money(BigInt(done.receivedAmount ?? asking))}. The customer has been told.`,
                approvalId: null,
              },
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
      () => onDecided({ text: 'Declined. The customer has been told why.', approvalId: null }),
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
          hint={`What actually arrived, in ${request.currency}, at most ${money(MAX_DECISION_MINOR_UNITS)}. The customer claimed ${money(claimed)}. ${dualControlRule(request.dualControlThreshold, request.currency, 'Confirmations')} So does one above the claim.`}
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
        title={second ? 'Send this confirmation for approval?' : 'Confirm this request?'}
        description={
          step.asking !== null && <ConfirmSummary request={request} received={step.asking} />
        }
        confirmLabel={
          step.asking === null
            ? 'Confirm'
            : second
              ? `Send ${money(step.asking)} for approval`
              : `Confirm ${money(step.asking)}`
        }
        onConfirm={onConfirm}
        pending={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error) : null}
      />
    </DecisionPanel>
  );
}
