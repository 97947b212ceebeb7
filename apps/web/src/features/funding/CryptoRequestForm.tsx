import { BANNER_TIMEOUT_MS, fundingRequestCreatedSchema, type FundingForms } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { tidyAmount } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { CopyButton } from '../../components/ui/CopyButton';
import { FileField } from '../../components/ui/FileField';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { Toast, useToast } from '../../components/ui/Toast';
import { ApiError, errorMessage } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { queryKeys } from '../../lib/queries';
import { uploadForm } from '../../lib/upload';
import { UploadProgress } from '../../components/ui/UploadProgress';

/** The spec's upload hint; the server takes these and re-encodes them (an SVG is rasterized). */
const PROOF_HINT = 'SVG, PNG, JPG or GIF (max. 800x400px)';
const PROOF_ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/gif,image/webp';

export interface Subject {
  field: 'purpose' | 'plan';
  label: string;
  options: { id: string; name: string }[];
}

type Field = 'type' | 'amount' | 'purpose' | 'plan' | 'proof';

/** The address to pay to, with its network, a copy button and a QR code to scan. */
function PayTo({ type }: { type: FundingForms['cryptoTypes'][number] }) {
  const [qr, setQr] = useState<string | null>(null);
  const { toast, show } = useToast();
  useEffect(() => {
    let live = true;
    QRCode.toString(type.address, { type: 'svg', margin: 1 })
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [type.address]);
  const copied = (ok: boolean) =>
    show(
      ok
        ? { text: 'Copied to clipboard', tone: 'success' }
        : { text: 'Copy failed', tone: 'error' },
    );
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-start dark:bg-slate-950">
      {qr && (
        <img
          src={qr}
          alt={`QR code of the ${type.name} address`}
          width={128}
          height={128}
          className="h-32 w-32 shrink-0 rounded-lg bg-white p-1"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <TextField
          label="Address"
          value={type.address}
          readOnly
          className="font-mono text-sm"
          hint={type.network ? `Network: ${type.network}` : undefined}
          trailing={<CopyButton text={type.address} label="Copy address" onResult={copied} />}
        />
        {type.address2 && (
          <TextField
            label="Second address"
            value={type.address2}
            readOnly
            className="font-mono text-sm"
            trailing={
              <CopyButton text={type.address2} label="Copy second address" onResult={copied} />
            }
          />
        )}
      </div>
      <Toast toast={toast} />
    </div>
  );
}

/**
 * A crypto-paid request (spec: crypto deposit, make payment, fixed deposit, upgrade): type with
 * its address, what it is for, the amount and the payment proof, sent as multipart with the
 * upload's progress. Success shows "Payment Pending!", any failure "Something went wrong!" with
 * the reason; both hide after 5 s. Field errors from the server land on their fields.
 */
export function CryptoRequestForm({
  path,
  proofField,
  proofLabel = 'Payment Proof',
  forms,
  subject,
  submitLabel,
  initialAmount = '',
  onChange,
  children,
}: {
  path: 'deposits' | 'payments' | 'fixed-deposits' | 'upgrades';
  proofField: 'depositPic' | 'fixedDepositPic';
  proofLabel?: string;
  forms: FundingForms;
  subject?: Subject;
  submitLabel: string;
  initialAmount?: string;
  onChange?: (values: { subject: string; amount: string }) => void;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [type, setType] = useState(forms.cryptoTypes[0]?.id ?? '');
  const [subjectValue, setSubjectValue] = useState('');
  const [amount, setAmount] = useState(initialAmount);
  const [proof, setProof] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'warning' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const proofRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  useEffect(() => setAmount(initialAmount), [initialAmount]);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const chosen = forms.cryptoTypes.find((t) => t.id === type);
  const send = useMutation({
    mutationFn: () => {
      const body = new FormData();
      body.append('type', type);
      body.append('amount', tidyAmount(amount));
      if (subject) body.append(subject.field, subjectValue);
      if (proof) body.append(proofField, proof);
      return uploadForm(`/api/v1/funding/${path}`, body, fundingRequestCreatedSchema, setProgress);
    },
    onSuccess: () => {
      setOutcome({ tone: 'warning', text: 'Payment Pending!' });
      setErrors({});
      setAmount(initialAmount);
      setProof(null);
      if (proofRef.current) proofRef.current.value = '';
      void queryClient.invalidateQueries({ queryKey: queryKeys.funding });
    },
    onError: (error) => {
      const found = fieldErrorsIn(error, ['type', 'amount', 'purpose', 'plan', proofField]);
      const { [proofField]: proofError, ...rest } = found;
      setErrors({ ...rest, ...(proofError ? { proof: proofError } : {}) });
      const reason = error instanceof ApiError ? error.message : errorMessage(error);
      setOutcome({ tone: 'error', text: reason });
    },
    onSettled: () => setProgress(null),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!type) missing.type = 'Choose a type';
    if (subject && !subjectValue)
      missing[subject.field] = `Choose a ${subject.label.toLowerCase()}`;
    if (!amount.trim()) missing.amount = 'Enter the amount';
    if (!proof) missing.proof = 'Attach the proof of payment';
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      const first = (['type', 'purpose', 'plan', 'amount'] as const).find((f) => missing[f]);
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      else proofRef.current?.focus();
      return;
    }
    setOutcome(null);
    send.mutate();
  }

  if (forms.cryptoTypes.length === 0) {
    return (
      <Banner tone="info">
        No crypto payment method is offered right now. Please check again later, or contact Help
        &amp; Support.
      </Banner>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={submitLabel}>
      {outcome && (
        <Banner tone={outcome.tone}>
          {outcome.tone === 'warning' ? (
            <>
              <strong>Payment Pending!</strong> We will confirm it once the payment arrives, and
              tell you in Notifications and by email.
            </>
          ) : (
            <>
              <strong>Something went wrong!</strong> {outcome.text}
            </>
          )}
        </Banner>
      )}
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
        value={type}
        error={errors.type}
        onChange={(e) => setType(e.target.value)}
      >
        {forms.cryptoTypes.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {chosen && <PayTo key={chosen.id} type={chosen} />}
      <TextField
        id={`${formId}-amount`}
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        error={errors.amount}
        hint={`In ${forms.currency}, e.g. 150.00`}
        onChange={(e) => {
          setAmount(e.target.value);
          onChange?.({ subject: subjectValue, amount: e.target.value });
        }}
      />
      {children}
      <FileField
        ref={proofRef}
        label={proofLabel}
        accept={PROOF_ACCEPT}
        hint={PROOF_HINT}
        required
        file={proof}
        onFile={setProof}
        error={errors.proof}
        name={proofField}
      />
      {progress !== null && <UploadProgress percent={progress} />}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
