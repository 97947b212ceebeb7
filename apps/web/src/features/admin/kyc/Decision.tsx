import { kycDeclineSchema, type KycSubmission } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { DecisionForm, DecisionPanel, ReasonField } from '../shared/DecisionPanel';
import { useConfirmStep } from '../shared/useConfirmStep';
import { useKycDecision } from './api';

/** Approve (confirmed in a dialog) or decline with a reason the customer will read. */
export function Decision({
  submission,
  name,
  onDecided,
}: {
  submission: KycSubmission;
  name: string;
  onDecided: (message: string) => void;
}) {
  const { approve, decline } = useKycDecision(submission.id);
  const step = useConfirmStep<true>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(kycDeclineSchema), defaultValues: { reason: '' } });
  const busy = approve.isPending || decline.isPending;
  // A refused reason is said on its field; anything else above the decision.
  const [reasonRefused, setReasonRefused] = useState(false);

  const onApprove = () =>
    step.settle(approve.mutateAsync(), {
      onDone: ({ accountNumber }) =>
        onDecided(
          `Approved. ${name}'s current account ${accountNumber} is open and they have been emailed.`,
        ),
    });
  const onDecline = handleSubmit(({ reason }) =>
    decline.mutate(reason, {
      onSuccess: () =>
        onDecided(`Declined. ${name} has been emailed the reason and may submit again.`),
      onError: (error) => setReasonRefused(applyFieldErrors(error, ['reason'], setError)),
    }),
  );

  return (
    <DecisionPanel error={decline.error && !reasonRefused ? errorMessage(decline.error) : null}>
      <DecisionForm
        title="Approve"
        action="Approve"
        disabled={busy}
        onSubmit={(event) => {
          event.preventDefault();
          approve.reset();
          step.ask(true);
        }}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Opens the customer&apos;s current account with a zero balance and emails them.
        </p>
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
          hint="The customer reads this at sign-in and in an email, then may submit again."
          error={errors.reason?.message}
          {...register('reason')}
        />
      </DecisionForm>
      <ConfirmDialog
        {...step.dialog}
        title={`Approve ${name}?`}
        description="Their current account opens with a zero balance and they are emailed. An approval cannot be undone."
        confirmLabel="Confirm approval"
        onConfirm={onApprove}
        pending={approve.isPending}
        error={approve.error ? errorMessage(approve.error) : null}
      />
    </DecisionPanel>
  );
}
