import { kycDeclineSchema, type KycSubmission } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useKycDecision } from '../api/kyc';
import { panelClass } from '../panel';

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
  const [confirming, setConfirming] = useState(false);
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
    approve.mutate(undefined, {
      onSuccess: ({ accountNumber }) => {
        setConfirming(false);
        onDecided(
          `Approved. ${name}'s current account ${accountNumber} is open and they have been emailed.`,
        );
      },
    });
  const onDecline = handleSubmit(({ reason }) =>
    decline.mutate(reason, {
      onSuccess: () =>
        onDecided(`Declined. ${name} has been emailed the reason and may submit again.`),
      onError: (error) => setReasonRefused(applyFieldErrors(error, ['reason'], setError)),
    }),
  );

  return (
    <section aria-labelledby="kyc-decision" className="flex flex-col gap-4">
      <h2 id="kyc-decision" className="text-lg font-semibold">
        Decision
      </h2>
      {decline.error && !reasonRefused && (
        <Banner tone="error">{errorMessage(decline.error)}</Banner>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <div className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Approve</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Opens the customer&apos;s current account with a zero balance and emails them.
          </p>
          <Button
            disabled={busy}
            onClick={() => {
              approve.reset();
              setConfirming(true);
            }}
          >
            Approve
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Approve ${name}?`}
            description="Their current account opens with a zero balance and they are emailed. An approval cannot be undone."
            confirmLabel="Confirm approval"
            onConfirm={onApprove}
            pending={approve.isPending}
            error={approve.error ? errorMessage(approve.error) : null}
            returnFocus={!approve.isSuccess}
          />
        </div>
        <form noValidate onSubmit={onDecline} className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Decline</h3>
          <TextAreaField
            label="Reason for the customer"
            required
            maxLength={500}
            hint="The customer reads this at sign-in and in an email, then may submit again."
            error={errors.reason?.message}
            {...register('reason')}
          />
          <Button type="submit" variant="secondary" loading={decline.isPending} disabled={busy}>
            Decline
          </Button>
        </form>
      </div>
    </section>
  );
}
