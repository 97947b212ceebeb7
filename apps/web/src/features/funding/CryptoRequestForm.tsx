import {
  fundingRequestCreatedSchema,
  transactionIdSchema,
  PROOF_MAX_FILE_BYTES,
  type FundingForms,
  type TransferNotice,
} from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { amountProblem, tidyAmount } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { FileField } from '../../components/ui/FileField';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { queryKeys } from '../../lib/queries';
import { uploadForm } from '../../lib/upload';
import { CoinAmount } from './CoinAmount';
import { failureOutcome, onRefusal } from './failure';
import { OutcomeBanner, type Outcome } from './OutcomeBanner';
import { PayTo } from './PayTo';

/** The spec's upload hint; the server takes these and re-encodes them (an SVG is rasterized). */
export const PROOF_HINT = 'SVG, PNG, JPG or GIF (max. 800x400px)';
const PROOF_ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/gif,image/webp';

/** What the request is for: a payment's purpose, or a fixed deposit's or an upgrade's plan. */
export interface Subject {
  field: 'purpose' | 'plan';
  label: string;
  options: { id: string; name: string }[];
  /** Said when none is chosen. */
  required: string;
}

type Field = 'type' | 'amount' | 'purpose' | 'plan' | 'proof' | 'transactionId';
/** The fields in form order, for the focus to go to the first one in error. */
const ORDER: readonly Field[] = ['purpose', 'plan', 'type', 'amount', 'proof', 'transactionId'];

/** Empty is fine (it is optional); anything typed must be a transaction id. */
function transactionIdProblem(typed: string): string | null {
  if (!typed.trim()) return null;
  const checked = transactionIdSchema.safeParse(typed);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Not a transaction id');
}

export const PAYMENT_PENDING: Outcome = {
  tone: 'warning',
  head: 'Payment Pending!',
  body: 'We will check your payment and tell you in Notifications and by email once it is confirmed.',
};

/**
 * A crypto-paid request (spec: crypto deposit, make payment, fixed deposit, upgrade): what it is
 * for, the crypto type with its address, the amount and the payment proof, sent as multipart
 * with the upload's progress. Success shows "Payment Pending!", any failure "Something went
 * wrong!" with the reason; field errors from the server land on their fields, and a refusal with a
 * notice (the account on hold) opens the notice dialog.
 */
export function CryptoRequestForm({
  path,
  proofField,
  forms,
  subject,
  submitLabel,
  initialAmount = '',
  initialSubject = '',
  amountError,
  onChange,
  children,
}: {
  path: 'deposits' | 'payments' | 'fixed-deposits' | 'upgrades';
  /** The file's field name (spec: depositPic, or fixedDepositPic for a fixed deposit). */
  proofField: 'depositPic' | 'fixedDepositPic';
  forms: FundingForms;
  subject?: Subject;
  submitLabel: string;
  /** The amount to start from (an upgrade's price); the field follows it when it changes. */
  initialAmount?: string;
  /** The purpose or plan chosen to begin with (an upgrade's plan chosen before the method). */
  initialSubject?: string;
  /** A problem with the amount found before sending (a fixed deposit's quote). */
  amountError?: string | undefined;
  onChange?: (values: { subject: string; amount: string }) => void;
  /** Shown under the amount (a fixed deposit's quote, an upgrade's comparison). */
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [type, setType] = useState(forms.cryptoTypes[0]?.id ?? '');
  const [subjectValue, setSubjectValue] = useState(initialSubject);
  const [amount, setAmount] = useState(initialAmount);
  const [proof, setProof] = useState<File | null>(null);
  const [transactionId, setTransactionId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<(Outcome & { id: number }) | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const refusalNotice = useRefusalNotice();
  const proofRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  useEffect(() => setAmount(initialAmount), [initialAmount]);

  // A type retired since the form opened falls back to the first one still offered.
  const chosen = forms.cryptoTypes.find((t) => t.id === type) ?? forms.cryptoTypes[0];

  function focusField(field: Field) {
    if (field === 'proof') proofRef.current?.focus();
    else document.getElementById(`${formId}-${field}`)?.focus();
  }

  function announce(next: Outcome) {
    setOutcome((last) => ({ ...next, id: (last?.id ?? 0) + 1 }));
  }

  const send = useMutation({
    mutationFn: () => {
      const body = new FormData();
      if (subject) body.append(subject.field, subjectValue);
      body.append('type', chosen?.id ?? '');
      body.append('amount', tidyAmount(amount));
      if (proof) body.append(proofField, proof);
      if (transactionId.trim()) body.append('transactionId', transactionId.trim());
      return uploadForm(`/api/v1/funding/${path}`, body, fundingRequestCreatedSchema, setProgress);
    },
    onSuccess: () => {
      announce(PAYMENT_PENDING);
      setErrors({});
      setSubjectValue('');
      setAmount(initialAmount);
      onChange?.({ subject: '', amount: initialAmount });
      setProof(null);
      setTransactionId('');
      if (proofRef.current) proofRef.current.value = '';
      void queryClient.invalidateQueries({ queryKey: queryKeys.funding });
    },
    onError: (error) => {
      onRefusal(queryClient, error);
      // A refusal with a notice (the account is on hold) is read in the notice dialog.
      const told = refusalNotice(error);
      if (told) {
        setErrors({});
        setNotice(told);
        return;
      }
      const found = fieldErrorsIn(error, [
        'type',
        'amount',
        'purpose',
        'plan',
        'transactionId',
        proofField,
      ]);
      const { [proofField]: proofError, ...rest } = found;
      const fieldErrors: Partial<Record<Field, string>> = {
        ...rest,
        ...(proofError ? { proof: proofError } : {}),
      };
      setErrors(fieldErrors);
      const first = ORDER.find((f) => fieldErrors[f]);
      if (first) focusField(first);
      announce(failureOutcome(error, first && fieldErrors[first]));
    },
    onSettled: () => setProgress(null),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (subject && !subjectValue) missing[subject.field] = subject.required;
    if (!chosen) missing.type = 'Choose a type';
    const badAmount = amountProblem(amount);
    if (badAmount) missing.amount = badAmount;
    if (!proof) missing.proof = 'Attach the proof of payment';
    else if (proof.size > PROOF_MAX_FILE_BYTES)
      missing.proof = 'The file is too large: 5 MB at most';
    const badTransactionId = transactionIdProblem(transactionId);
    if (badTransactionId) missing.transactionId = badTransactionId;
    setErrors(missing);
    const first = ORDER.find((f) => missing[f]);
    if (first) {
      focusField(first);
      return;
    }
    setOutcome(null);
    send.mutate();
  }

  if (forms.cryptoTypes.length === 0) {
    return (
      <Banner tone="info">
        No crypto payment method is offered right now. Please check again later, or ask Help &amp;
        Support.
      </Banner>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {outcome && <OutcomeBanner key={`outcome-${outcome.id}`} outcome={outcome} />}
      {subject && (
        <SelectField
          id={`${formId}-${subject.field}`}
          label={subject.label}
          required
          value={subjectValue}
          error={errors[subject.field]}
          onChange={(e) => {
            setSubjectValue(e.target.value);
            onChange?.({ subject: e.target.value, amount });
          }}
        >
          <option value="">Choose…</option>
          {subject.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        id={`${formId}-type`}
        label="Type"
        required
        value={chosen?.id ?? ''}
        error={errors.type}
        onChange={(e) => setType(e.target.value)}
      >
        {forms.cryptoTypes.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {chosen && <PayTo key={`pay-to-${chosen.id}`} type={chosen} />}
      <TextField
        id={`${formId}-amount`}
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        error={errors.amount ?? amountError}
        hint={`In ${forms.currency}, e.g. 150.00`}
        onChange={(e) => {
          setAmount(e.target.value);
          onChange?.({ subject: subjectValue, amount: e.target.value });
        }}
      />
      <CoinAmount rate={chosen?.rate ?? null} amount={amount} currency={forms.currency} />
      {children}
      <FileField
        ref={proofRef}
        label="Payment Proof"
        accept={PROOF_ACCEPT}
        hint={PROOF_HINT}
        required
        file={proof}
        onFile={setProof}
        error={errors.proof}
        name={proofField}
      />
      <TextField
        id={`${formId}-transactionId`}
        label="Transaction id (optional)"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={200}
        value={transactionId}
        error={errors.transactionId}
        hint="The transaction hash your wallet shows once the payment is sent: it helps us find your payment sooner."
        className="font-mono text-sm"
        onChange={(e) => {
          setTransactionId(e.target.value);
          if (errors.transactionId) setErrors((all) => ({ ...all, transactionId: undefined }));
        }}
      />
      {progress !== null && <UploadProgress percent={progress} />}
      <div>
        <Button type="submit" loading={send.isPending}>
          {submitLabel}
        </Button>
      </div>
      <NoticeDialog notice={notice} onOkay={() => setNotice(null)} />
    </form>
  );
}
