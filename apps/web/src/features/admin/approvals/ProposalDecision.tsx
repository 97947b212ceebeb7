import { rejectSchema, type Approval } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors, fieldErrorsIn } from '../../../lib/apply-field-errors';
import { DecisionForm, DecisionPanel } from '../shared/DecisionPanel';
import { isConflict } from '../shared/outcome';
import { useApprovalDecision } from './api';

/**
 * Approve (an optional note) or reject (a note the proposer reads) a proposal waiting for me;
 * or, for my own, withdraw it. A 409 (someone decided first, or it expired) is the page's to tell.
 */
export function ProposalDecision({
  approval,
  onDecided,
  onConflict,
}: {
  approval: Approval;
  onDecided: (text: string) => void;
  onConflict: (detail: string) => void;
}) {
  const { approve, reject, withdraw } = useApprovalDecision(approval.id);
  const busy = approve.isPending || reject.isPending || withdraw.isPending;
  const approveForm = useForm({ defaultValues: { note: '' } });
  const rejectForm = useForm({ resolver: zodResolver(rejectSchema), defaultValues: { note: '' } });

  const settle = (
    promise: Promise<unknown>,
    done: string,
    setError?: Parameters<typeof applyFieldErrors>[2],
  ) =>
    promise.then(
      () => onDecided(done),
      (error: unknown) => {
        if (isConflict(error)) onConflict(error.detail);
        else if (setError) applyFieldErrors(error, ['note'], setError);
      },
    );

  const onApprove = approveForm.handleSubmit(({ note }) =>
    settle(approve.mutateAsync(note), 'Approved and carried out.', approveForm.setError as never),
  );
  const onReject = rejectForm.handleSubmit(({ note }) =>
    settle(
      reject.mutateAsync(note),
      'Rejected: nothing was done. The proposer reads your note.',
      rejectForm.setError as never,
    ),
  );
  const onWithdraw = (event: React.FormEvent) => {
    event.preventDefault();
    void settle(withdraw.mutateAsync(), 'Withdrawn: nothing was done.');
  };

  const failed = [approve.error, reject.error, withdraw.error].find(
    (e) => e && !isConflict(e) && !fieldErrorsIn(e, ['note']).note,
  );

  if (approval.mine) {
    return (
      <DecisionPanel error={failed ? errorMessage(failed) : null}>
        <DecisionForm
          title="Withdraw"
          action="Withdraw this proposal"
          secondary
          pending={withdraw.isPending}
          disabled={busy}
          onSubmit={onWithdraw}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">
            You proposed this, so a different person must approve or reject it. You may take it back
            while it waits: nothing will be done, and it stays on record as withdrawn.
          </p>
        </DecisionForm>
      </DecisionPanel>
    );
  }
  if (!approval.canDecide) return null;
  return (
    <DecisionPanel error={failed ? errorMessage(failed) : null}>
      <DecisionForm
        title="Approve"
        action="Approve"
        pending={approve.isPending}
        disabled={busy}
        onSubmit={onApprove}
      >
        <TextAreaField
          label="Note (optional)"
          maxLength={500}
          hint="Approving carries it out at once, as described above."
          error={approveForm.formState.errors.note?.message}
          {...approveForm.register('note')}
        />
      </DecisionForm>
      <DecisionForm
        title="Reject"
        action="Reject"
        secondary
        pending={reject.isPending}
        disabled={busy}
        onSubmit={onReject}
      >
        <TextAreaField
          label="Why you reject it"
          required
          maxLength={500}
          hint="The proposer reads this. Nothing is done."
          error={rejectForm.formState.errors.note?.message}
          {...rejectForm.register('note')}
        />
      </DecisionForm>
    </DecisionPanel>
  );
}
