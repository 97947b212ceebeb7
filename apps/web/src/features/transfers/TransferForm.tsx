import type { Beneficiary, Transfer, TransferNotice, TransferTerms } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
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
import { toReview } from './layout';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { ChargePreview } from './ChargePreview';
import { registerChecked } from './clear-on-fix';
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

/** What the page may do to a send form: fill it from a saved beneficiary chosen above it. */
export interface SendFormHandle {
  fill: (beneficiary: Beneficiary) => void;
}

/**
 * The send form to another bank (spec: bank, swift, currency, routing, country, account
 * number, account holder name, amount and note, all required), checked by the contract's rules
 * before it is sent, the charge and what the recipient gets shown as the amount is typed; the
 * server's objections land on their fields, and leave as soon as the field is changed. A saved
 * beneficiary fills the recipient's details. `transfer` is one being edited (sent back with
 * PUT, which takes it back to the draft stage and renews its time) or sent again; without it a
 * new transfer is made.
 */
export function TransferForm({
  terms,
  transfer,
  editable,
  ref,
}: {
  terms: TransferTerms;
  /** The details to start from: a transfer opened from the review page, or sent again. */
  transfer?: Transfer | undefined;
  /** False when that transfer is not a draft to edit: the form then makes a new one. */
  editable: boolean;
  ref?: Ref<SendFormHandle> | undefined;
}) {
  const navigate = useNavigate();
  const refusalNotice = useRefusalNotice();
  const save = useSaveTransfer(transfer && editable ? transfer.id : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const [filled, setFilled] = useState<string | null>(null);
  const schema = useMemo(() => transferFormSchema(terms), [terms]);
  const form = useForm<TransferFormValues, unknown, TransferFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: transferFormValues(terms.currency, transfer),
  });
  const {
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    setFocus,
    formState: { errors },
  } = form;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const register = registerChecked(form);

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
  useImperativeHandle(ref, () => ({ fill: fillFrom }));

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(transferFields(values), {
      onSuccess: (saved) => void toReview(navigate, saved.id),
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
      <section aria-label="Transfer details" className={cardClass}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          {failure && <Banner tone="error">{failure}</Banner>}
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
                <option value={terms.currency}>{terms.currency}</option>
              </SelectField>
              <TextField
                label="Amount"
                inputMode="decimal"
                autoComplete="off"
                hint={`In ${terms.currency}, e.g. 150.25`}
                required
                error={errors.amount?.message}
                {...register('amount')}
              />
              <ChargePreview
                amount={amount}
                rateBp={terms.serviceChargeBp}
                currency={terms.currency}
                available={terms.availableBalance}
                inside={false}
              />
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
