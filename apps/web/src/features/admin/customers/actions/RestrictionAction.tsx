import {
  setRestrictionSchema,
  type SetRestriction,
  type StaffCustomer,
  personName,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';
import { applyFieldErrors } from '../../../../lib/apply-field-errors';
import { ActionDialog, useActionDialog } from './ActionDialog';
import { REASON_HINT, REASON_LABEL } from './fields';

const FIELDS = ['head', 'body', 'reason'] as const;

/**
 * Sets (or changes) the restriction notice, the spec's info notice: the customer is signed out
 * of every browser at once and reads the notice at their next sign-in, which goes no further.
 */
export function RestrictionAction({
  customer,
  onDone,
}: {
  customer: StaffCustomer;
  onDone: (outcome: string) => void;
}) {
  const step = useActionDialog<SetRestriction>(customer.id, 'restriction', onDone);
  const current = customer.restriction;
  const blank = { head: current?.head ?? '', body: current?.body ?? '', reason: '' };
  const form = useForm({ resolver: zodResolver(setRestrictionSchema), defaultValues: blank });
  const errors = form.formState.errors;
  const name = personName(customer);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          form.reset(blank);
          step.start();
        }}
      >
        {current ? 'Change notice' : 'Restriction notice'}
      </Button>
      <ActionDialog
        dialog={step.dialog}
        title={current ? 'Change the restriction notice' : 'Set a restriction notice'}
        description={`${name} reads this notice when they sign in, and cannot go further until it is lifted.`}
        confirmation={
          step.asking && {
            title: 'Set this notice and sign the customer out?',
            description: (
              <>
                {name} is signed out of every browser at once. At their next sign-in they read “
                <strong>{step.asking.head}</strong>: {step.asking.body}” and go no further.
              </>
            ),
            label: 'Set notice and sign out',
          }
        }
        pending={step.mutation.isPending}
        error={step.mutation.error}
        onSubmit={form.handleSubmit((values) => step.review(values))}
        onBack={step.back}
        onConfirm={() =>
          step.confirm((error) =>
            applyFieldErrors(error, FIELDS, form.setError, { shouldFocus: false }),
          )
        }
      >
        <TextField
          label="Heading"
          hint="What the customer reads first, e.g. Account under review"
          required
          maxLength={120}
          autoComplete="off"
          error={errors.head?.message}
          {...form.register('head')}
        />
        <TextAreaField
          label="Notice"
          hint="What the customer reads under it: what to do next, whom to call."
          required
          maxLength={1000}
          error={errors.body?.message}
          {...form.register('body')}
        />
        <TextAreaField
          label={REASON_LABEL}
          hint={REASON_HINT}
          required
          maxLength={500}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
      </ActionDialog>
    </>
  );
}
