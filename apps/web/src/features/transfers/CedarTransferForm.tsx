import type { Beneficiary, Transfer, TransferNotice, TransferTerms } from '@bank/contract';
import { toDecimalString } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useImperativeHandle, useMemo, useState, type FormEvent, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors, fieldErrorsIn } from '../../lib/apply-field-errors';
import { BANK_NAME } from '../../lib/brand';
import { useCheckPayee } from './api/check-payee';
import { useSaveTransfer } from './api/save-transfer';
import { ChargePreview } from './ChargePreview';
import { registerChecked } from './clear-on-fix';
import { toReview } from './layout';
import { PayeeCheckResult } from './PayeeCheckResult';
import type { SendFormHandle } from './TransferForm';
import {
  CEDAR_PAYEE_FIELDS,
  cedarFormSchema,
  cedarPayeeSchema,
  cedarTransferFields,
  type CedarFormOutput,
  type CedarFormValues,
  type ConfirmedPayee,
} from './transfer-form';

const legendClass = 'mb-3 text-lg font-semibold';

/** A transfer to start from: its account number, the name typed then, its amount and note. */
function startingValues(transfer?: Transfer): CedarFormValues {
  return {
    accountNumber: transfer?.accountNumber ?? '',
    name: transfer ? (transfer.payeeCheck?.typedName ?? transfer.accountHolderName) : '',
    amount: transfer ? toDecimalString(BigInt(transfer.amount)) : '',
    note: transfer?.note ?? '',
    saveBeneficiary: transfer?.saveBeneficiary ?? false,
  };
}

/** A draft being edited keeps the payee its check settled (the server holds it). */
function keptPayee(transfer: Transfer | undefined, editable: boolean): ConfirmedPayee | null {
  if (!transfer || !editable || !transfer.payeeCheck) return null;
  return {
    accountNumber: transfer.accountNumber,
    name: transfer.accountHolderName,
    typedName: transfer.payeeCheck.typedName,
    match: transfer.payeeCheck.match,
    token: null,
  };
}

/**
 * To another customer of this bank by account number (decision 24): the account number and
 * the name the customer knows them by; the bank answers with the holder's name as it shows it
 * to a payer ("Ngozi E.") and whether the typed name matches; the customer confirms it is the
 * right person; then the amount (no service charge) and the note. The spec's fields are filled
 * from the bank's own details and sent with the check's token, which settles the holder's name
 * on the server. Changing the account number or the name asks for a new check.
 */
export function CedarTransferForm({
  terms,
  bank,
  transfer,
  editable,
  ref,
}: {
  terms: TransferTerms;
  bank: NonNullable<TransferTerms['bank']>;
  transfer?: Transfer | undefined;
  editable: boolean;
  ref?: Ref<SendFormHandle> | undefined;
}) {
  const navigate = useNavigate();
  const refusalNotice = useRefusalNotice();
  const check = useCheckPayee();
  const save = useSaveTransfer(transfer && editable ? transfer.id : null);
  const [payee, setPayee] = useState<ConfirmedPayee | null>(() => keptPayee(transfer, editable));
  const [confirmed, setConfirmed] = useState(payee !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const schema = useMemo(() => cedarFormSchema(terms), [terms]);
  const form = useForm<CedarFormValues, unknown, CedarFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: startingValues(transfer),
  });
  const {
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  const register = registerChecked(form);
  const amount = useWatch({ control: form.control, name: 'amount' });

  /** The details changed, or the customer chose to change them: the check no longer holds. */
  const forget = () => {
    setPayee(null);
    setConfirmed(false);
    check.reset();
  };

  useImperativeHandle(ref, () => ({
    fill: (beneficiary: Beneficiary) => {
      forget();
      setValue('accountNumber', beneficiary.accountNumber, { shouldDirty: true });
      setValue('name', beneficiary.accountHolderName, { shouldDirty: true });
      setValue('saveBeneficiary', false);
      form.clearErrors([...CEDAR_PAYEE_FIELDS]);
      setFocus('name');
    },
  }));

  const onFailure = (error: unknown) => {
    const refusal = refusalNotice(error);
    if (refusal) return setNotice(refusal);
    if (applyFieldErrors(error, ['accountNumber', 'amount', 'note'] as const, setError)) {
      // The payee no longer holds (the check expired, the account changed): check again.
      if (fieldErrorsIn(error, ['accountNumber'] as const).accountNumber) forget();
      return;
    }
    const holder = fieldErrorsIn(error, ['accountHolderName', 'name'] as const);
    const onName = holder.accountHolderName ?? holder.name;
    if (onName) return setError('name', { type: 'server', message: onName }, { shouldFocus: true });
    setFailure(errorMessage(error, 'Something went wrong'));
  };

  const onCheck = async () => {
    setFailure(null);
    const ready = await form.trigger([...CEDAR_PAYEE_FIELDS], { shouldFocus: true });
    if (!ready) return;
    const { accountNumber, name } = form.getValues();
    const payeeFields = cedarPayeeSchema.safeParse({ accountNumber, name });
    if (!payeeFields.success) return;
    check.mutate(payeeFields.data, {
      onSuccess: (found) => {
        setPayee(found);
        setConfirmed(false);
      },
      onError: onFailure,
    });
  };

  const send = handleSubmit((values) => {
    if (!payee) return;
    setFailure(null);
    save.mutate(cedarTransferFields(bank, terms.currency, payee, values), {
      onSuccess: (saved) => void toReview(navigate, saved.id),
      onError: onFailure,
    });
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (confirmed) return void send(event);
    event.preventDefault();
    void onCheck();
  };

  return (
    <>
      <section aria-label={`Payment to a ${BANK_NAME} customer`} className={cardClass}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          {failure && <Banner tone="error">{failure}</Banner>}
          <fieldset className="min-w-0">
            <legend className={legendClass}>Who are you paying?</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Their account number"
                hint={`10 digits, as on their ${BANK_NAME} dashboard`}
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                required
                error={errors.accountNumber?.message}
                {...register('accountNumber', forget)}
              />
              <TextField
                label="Their name"
                hint="The name you know them by: we check it against the account holder’s"
                autoComplete="off"
                required
                error={errors.name?.message}
                {...register('name', forget)}
              />
            </div>
            {!payee && (
              <div className="mt-4">
                <Button type="submit" variant="secondary" loading={check.isPending}>
                  Check the account
                </Button>
              </div>
            )}
          </fieldset>
          {payee && (
            <PayeeCheckResult
              payee={payee}
              confirmed={confirmed}
              onConfirm={() => {
                setConfirmed(true);
                // The payment's fields appear with this render; the amount takes the focus.
                setTimeout(() => setFocus('amount'));
              }}
              onChange={() => {
                forget();
                setFocus('accountNumber');
              }}
            />
          )}
          {payee && confirmed && (
            <>
              <fieldset className="min-w-0">
                <legend className={legendClass}>Payment</legend>
                <div className="grid gap-4 sm:grid-cols-2">
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
                    rateBp={terms.internalServiceChargeBp}
                    currency={terms.currency}
                    available={terms.availableBalance}
                    inside
                  />
                  <div className="sm:col-span-2">
                    <TextAreaField
                      label="Note"
                      hint="What the payment is for; the recipient sees it. At most 140 characters."
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
            </>
          )}
        </form>
      </section>
      <NoticeDialog notice={notice} onOkay={() => setNotice(null)} />
    </>
  );
}
