import type { AccountSummary, Beneficiary, Transfer, TransferNotice } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { CountrySelect } from '../../components/ui/CountrySelect';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { useSaveTransfer } from './api/save-transfer';
import { flowPath } from './layout';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { SavedBeneficiaries } from './SavedBeneficiaries';
import {
  RECIPIENT_FIELDS,
  recipientValues,
  type RecipientField,
  TRANSFER_FIELDS,
  transferFields,
  transferFormSchema,
  transferFormValues,
  type TransferFormOutput,
  type TransferFormValues,
} from './transfer-form';

const legendClass = 'mb-3 text-lg font-semibold';

/**
 * The send form (spec: bank, swift, currency, routing, country, account number, account holder
 * name, amount and note, all required), checked by the contract's rules before it is sent; the
 * server's objections land on their fields. A saved beneficiary fills the recipient's details.
 * `transfer` is one being edited (sent back with PUT, which takes it back to the draft stage and
 * renews its time); without it a new transfer is made.
 */
export function TransferForm({
  account,
  transfer,
  editable,
}: {
  account: AccountSummary;
  /** The details to start from: a transfer opened from the review page. */
  transfer?: Transfer | undefined;
  /** False when that transfer was sent already: the form then makes a new one. */
  editable: boolean;
}) {
  const navigate = useNavigate();
  const refusalNotice = useRefusalNotice();
  const save = useSaveTransfer(transfer && editable ? transfer.id : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<TransferFormValues, unknown, TransferFormOutput>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: transferFormValues(account.currency, transfer),
  });

  const fillFrom = (beneficiary: Beneficiary) => {
    for (const [field, value] of Object.entries(recipientValues(beneficiary))) {
      setValue(field as RecipientField, value, { shouldDirty: true });
    }
    // Already saved: saving it again would make a second one.
    setValue('saveBeneficiary', false);
    clearErrors([...RECIPIENT_FIELDS]);
    setFilled(`${beneficiary.accountHolderName}’s details are filled in.`);
    setFocus('amount');
  };

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(transferFields(values), {
      onSuccess: (saved) => void navigate(flowPath.confirm(saved.id)),
      onError: (error) => {
        const refusal = refusalNotice(error);
        if (refusal) setNotice(refusal);
        else if (!applyFieldErrors(error, TRANSFER_FIELDS, setError)) {
          setFailure(errorMessage(error, 'Something went wrong'));
        }
      },
    });
  });

  return (
    <>
      <SavedBeneficiaries onUse={fillFrom} />
      <section aria-label="Transfer details" className={cardClass}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          {failure && <Banner tone="error">{failure}</Banner>}
          {transfer && !editable && (
            <Banner tone="info">
              That transfer was already sent. These are its details: continue to make a new transfer
              with them.
            </Banner>
          )}
          {/* In the page from the start, so that screen readers announce what fills it. */}
          <p role="status" className="sr-only">
            {filled}
          </p>
          <fieldset className="min-w-0">
            <legend className={legendClass}>Recipient</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Bank"
                autoComplete="off"
                required
                error={errors.bank?.message}
                {...register('bank')}
              />
              <TextField
                label="SWIFT/BIC code"
                hint="8 or 11 letters and digits, e.g. DEUTDEFF"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                error={errors.swift?.message}
                {...register('swift')}
              />
              <TextField
                label="Routing number"
                autoComplete="off"
                spellCheck={false}
                required
                error={errors.routing?.message}
                {...register('routing')}
              />
              <CountrySelect
                label="Country"
                autoComplete="off"
                required
                error={errors.country?.message}
                {...register('country')}
              />
              <TextField
                label="Account number"
                hint="The account number or IBAN"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                error={errors.accountNumber?.message}
                {...register('accountNumber')}
              />
              <TextField
                label="Account holder name"
                hint="As the recipient’s bank knows them"
                autoComplete="off"
                required
                error={errors.accountHolderName?.message}
                {...register('accountHolderName')}
              />
            </div>
          </fieldset>
          <fieldset className="min-w-0">
            <legend className={legendClass}>Payment</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Currency"
                required
                error={errors.currency?.message}
                {...register('currency')}
              >
                <option value={account.currency}>{account.currency}</option>
              </SelectField>
              <TextField
                label="Amount"
                inputMode="decimal"
                autoComplete="off"
                hint={`In ${account.currency}, e.g. 150.25`}
                required
                error={errors.amount?.message}
                {...register('amount')}
              />
              <p className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
                <Wallet aria-hidden="true" className="h-4 w-4 shrink-0" />
                <span>
                  Available balance:{' '}
                  <strong className="text-slate-900 dark:text-slate-50">
                    {money(account.availableBalance, account.currency)}
                  </strong>
                  . The service charge is taken from the amount.
                </span>
              </p>
              <div className="sm:col-span-2">
                <TextAreaField
                  label="Note"
                  hint="What the payment is for; the recipient may see it. At most 140 characters."
                  rows={2}
                  required
                  error={errors.note?.message}
                  {...register('note')}
                />
              </div>
            </div>
          </fieldset>
          <CheckboxField
            label="Save this beneficiary"
            error={errors.saveBeneficiary?.message}
            {...register('saveBeneficiary')}
          />
          <div>
            <Button type="submit" loading={save.isPending}>
              Continue
            </Button>
          </div>
        </form>
      </section>
      <NoticeDialog notice={notice} onOkay={() => setNotice(null)} />
    </>
  );
}
