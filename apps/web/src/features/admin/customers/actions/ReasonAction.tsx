import { staffReasonBodySchema, type StaffReasonBody } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { applyFieldErrors } from '../../../../lib/apply-field-errors';
import type { ActionPath } from '../api';
import { ActionDialog, useActionDialog, type Confirmation } from './ActionDialog';
import { REASON_HINT, REASON_LABEL } from './fields';

/**
 * An action that needs only a reason (lift a restriction, unfreeze, lift a PIN pause, sign out
 * everywhere): its button, and its dialog with the reason and the confirmation.
 */
export function ReasonAction({
  customerId,
  action,
  button,
  title,
  description,
  confirmation,
  onDone,
}: {
  customerId: string;
  action: ActionPath;
  button: string;
  title: string;
  description: string;
  confirmation: Confirmation;
  onDone: (outcome: string) => void;
}) {
  const step = useActionDialog<StaffReasonBody>(customerId, action, onDone);
  const form = useForm<StaffReasonBody>({
    resolver: zodResolver(staffReasonBodySchema),
    defaultValues: { reason: '' },
  });
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          form.reset({ reason: '' });
          step.start();
        }}
      >
        {button}
      </Button>
      <ActionDialog
        dialog={step.dialog}
        title={title}
        description={description}
        confirmation={step.asking ? confirmation : null}
        pending={step.mutation.isPending}
        error={step.mutation.error}
        onSubmit={form.handleSubmit((values) => step.review(values))}
        onBack={step.back}
        onConfirm={() =>
          step.confirm((error) =>
            applyFieldErrors(error, ['reason'], form.setError, { shouldFocus: false }),
          )
        }
      >
        <TextAreaField
          label={REASON_LABEL}
          hint={REASON_HINT}
          required
          maxLength={500}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
      </ActionDialog>
    </>
  );
}
