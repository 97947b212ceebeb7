import {
  customerMessageSchema,
  type CustomerMessage,
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

const FIELDS = ['title', 'body', 'reason'] as const;
const BLANK = { title: '', body: '', reason: '' };

/** A message to the customer: a notification in the app and an email, in the bank's name. */
export function MessageAction({
  customer,
  onDone,
}: {
  customer: StaffCustomer;
  onDone: (outcome: string) => void;
}) {
  const step = useActionDialog<CustomerMessage>(customer.id, 'messages', onDone);
  const form = useForm({ resolver: zodResolver(customerMessageSchema), defaultValues: BLANK });
  const errors = form.formState.errors;
  const name = personName(customer);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          form.reset(BLANK);
          step.start();
        }}
      >
        Send a message
      </Button>
      <ActionDialog
        dialog={step.dialog}
        title="Send a message"
        description={`${name} receives it under Notifications and by email (${customer.email}).`}
        confirmation={
          step.asking && {
            title: 'Send this message?',
            description: (
              <>
                {name} receives “<strong>{step.asking.title}</strong>” in the app and by email:{' '}
                {step.asking.body}
              </>
            ),
            label: 'Send message',
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
          label="Title"
          required
          maxLength={120}
          autoComplete="off"
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextAreaField
          label="Message"
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
