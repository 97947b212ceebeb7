import {
  FREEZE_REASON_LABELS,
  FREEZE_REASONS,
  FREEZE_SCOPE_LABELS,
  FREEZE_SCOPES,
  freezeSchema,
  type FreezeRequest,
  type StaffCustomer,
  personName,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { applyFieldErrors } from '../../../../lib/apply-field-errors';
import { FREEZE_BLOCKS } from '../labels';
import { ActionDialog, useActionDialog } from './ActionDialog';

const FIELDS = ['scope', 'reasonCode', 'note'] as const;

/** The reasons the customer is told (their own); every other one is never named to them. */
const TOLD = new Set(['customer_request', 'kyc_refresh']);

/**
 * Freezes the account (or changes a freeze): debits, credits or both, with a reason code from the
 * bank's list and an internal note. The customer is told that payments are on hold, and why only
 * when the reason is their own.
 */
export function FreezeAction({
  customer,
  onDone,
}: {
  customer: StaffCustomer;
  onDone: (outcome: string) => void;
}) {
  const step = useActionDialog<FreezeRequest>(customer.id, 'freeze', onDone);
  const current = customer.freeze;
  const blank = {
    scope: current?.scope ?? 'both',
    reasonCode: current?.reasonCode ?? '',
    note: '',
  } as unknown as FreezeRequest;
  const form = useForm({ resolver: zodResolver(freezeSchema), defaultValues: blank });
  const errors = form.formState.errors;
  const name = personName(customer);
  const asking = step.asking;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          form.reset(blank);
          step.start();
        }}
      >
        {current ? 'Change freeze' : 'Freeze'}
      </Button>
      <ActionDialog
        dialog={step.dialog}
        title={current ? 'Change the freeze' : 'Freeze the account'}
        description="Blocked payments are refused with a notice. Refunds and fixed-deposit payouts of the customer's own money still arrive."
        confirmation={
          asking && {
            title: 'Freeze this account?',
            description: `${FREEZE_BLOCKS[asking.scope]} ${name} is told that payments are on hold${TOLD.has(asking.reasonCode) ? ', and why' : ', not why'}. Reason: ${FREEZE_REASON_LABELS[asking.reasonCode]}.`,
            label: 'Freeze account',
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
        <SelectField
          label="What to block"
          required
          error={errors.scope?.message}
          {...form.register('scope')}
        >
          {FREEZE_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {FREEZE_SCOPE_LABELS[scope]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Reason code"
          hint="Suspected fraud, legal orders and sanctions reviews are never told to the customer."
          required
          error={errors.reasonCode?.message}
          {...form.register('reasonCode')}
        >
          <option value="">Choose…</option>
          {FREEZE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {FREEZE_REASON_LABELS[reason]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Note (internal)"
          hint="What happened: the case or order reference. Kept with the freeze and in the audit log; the customer does not see it."
          required
          maxLength={500}
          error={errors.note?.message}
          {...form.register('note')}
        />
      </ActionDialog>
    </>
  );
}
