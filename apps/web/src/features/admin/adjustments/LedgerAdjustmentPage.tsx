import {
  formatMoney,
  parseDecimalAmount,
  type AdjustableAccounts,
  type AdjustmentProposed,
} from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { tidyAmount } from '../../../components/funding/format';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/FileField';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { linkClass } from '../shared/cells';
import { panelClass } from '../shared/panel';
import { adjustableAccountsQuery, sendAdjustment } from './api';
import { Choice } from './Choice';

const FIELDS = [
  'target',
  'accountNumber',
  'internalAccount',
  'direction',
  'amount',
  'reason',
  'evidence',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const newKey = () => crypto.randomUUID();

/**
 * `/admin/ledger-adjustments`: propose a manual ledger adjustment. It moves no money: a second
 * person with the approver role approves it under Approvals, and only then is it posted.
 */
export function LedgerAdjustmentPage() {
  const accounts = useQuery(adjustableAccountsQuery());
  const [sent, setSent] = useState<AdjustmentProposed | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title="Ledger adjustments" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Correct a balance by hand: a credit or a debit to a customer’s current account or to one
          of the bank’s own accounts, against the bank’s manual adjustments account. Nothing moves
          until a second person approves it under Approvals; you cannot approve your own.
        </p>
      </div>
      {sent ? (
        <Sent
          sent={sent}
          onAnother={() => {
            setSent(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : accounts.isPending ? (
        <Loading label="Loading the bank’s accounts…" />
      ) : accounts.isError ? (
        <LoadFailed
          error={accounts.error}
          retrying={accounts.isFetching}
          onRetry={() => void accounts.refetch()}
        />
      ) : (
        <ProposalForm key={formKey} accounts={accounts.data} onSent={setSent} />
      )}
    </div>
  );
}

function Sent({ sent, onAnother }: { sent: AdjustmentProposed; onAnother: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form went away with the sending: the focus moves to what happened.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className={`flex flex-col gap-3 ${panelClass}`}>
      <h2 className="text-lg font-semibold">Sent for approval</h2>
      <p className="font-semibold">{sent.summary}</p>
      <p>
        Proposal {sent.approvalId} waits for a second person. Nothing has moved yet: it is posted
        when approved, and expires unapproved after three days.
      </p>
      <p className="flex flex-wrap gap-4">
        <Link to={`/admin/approvals/${sent.approvalId}`} className={linkClass}>
          See proposal {sent.approvalId}
        </Link>
        <button type="button" onClick={onAnother} className={linkClass}>
          Propose another adjustment
        </button>
      </p>
    </div>
  );
}

function ProposalForm({
  accounts,
  onSent,
}: {
  accounts: AdjustableAccounts;
  onSent: (sent: AdjustmentProposed) => void;
}) {
  const [target, setTarget] = useState<'customer' | 'internal'>('customer');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [accountNumber, setAccountNumber] = useState('');
  const [internalAccount, setInternalAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // One key per proposal: a second click, or a resend after a lost answer, is the same one.
  const [key] = useState(newKey);
  const formRef = useRef<HTMLFormElement>(null);
  const currency = accounts.currency;
  const max = BigInt(accounts.maxAmount);

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((f) => found[f]);
    if (!first) return;
    const control = formRef.current?.querySelector<HTMLElement>(
      first === 'target' || first === 'direction' ? `input[name="${first}"]` : `[name="${first}"]`,
    );
    control?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found: Errors = {};
    if (target === 'customer' && !/^\d{10}$/.test(accountNumber.trim())) {
      found.accountNumber = 'Enter the customer’s 10-digit account number';
    }
    if (target === 'internal' && !internalAccount) {
      found.internalAccount = 'Choose one of the bank’s accounts';
    }
    const minor = amount.trim() ? parseDecimalAmount(tidyAmount(amount)) : null;
    if (!amount.trim()) found.amount = 'Enter the amount';
    else if (minor === null)
      found.amount = 'Use an amount such as 1,500.00, with at most two decimals';
    else if (minor === 0n) found.amount = 'Enter an amount greater than zero';
    else if (minor > max) {
      found.amount = `One adjustment moves at most ${formatMoney(max, currency)}: split a larger one`;
    }
    if (reason.trim().length < 10) {
      found.reason = 'Say why, in at least 10 characters, for the person who checks it';
    }
    if (!evidence) found.evidence = 'Attach the evidence: a picture or a PDF';
    else if (evidence.size > accounts.evidenceMaxBytes) {
      found.evidence = `The file is too large: at most ${Math.floor(accounts.evidenceMaxBytes / 1024 / 1024)} MB`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || minor === null || !evidence) {
      focusFirst(found);
      return;
    }
    setProgress(0);
    try {
      const answer = await sendAdjustment(
        { target, accountNumber, internalAccount, direction, amount: minor, reason, evidence },
        key,
        setProgress,
      );
      onSent(answer);
    } catch (error) {
      const byField = fieldErrorsIn(error, FIELDS);
      setErrors(byField);
      if (Object.keys(byField).length > 0) focusFirst(byField);
      else setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const sending = progress !== null;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Propose a ledger adjustment"
      className={`flex flex-col gap-5 ${panelClass}`}
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <Choice
        legend="Which account"
        name="target"
        value={target}
        onChange={setTarget}
        error={errors.target}
        options={[
          ['customer', 'A customer’s account', 'Their current account, by its number.'],
          ['internal', 'A bank account', 'One of the bank’s own accounts in the ledger.'],
        ]}
      />
      {target === 'customer' ? (
        <TextField
          label="Customer account number"
          name="accountNumber"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          hint="The 10 digits of the customer’s current account."
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.target.value)}
          error={errors.accountNumber}
        />
      ) : (
        <SelectField
          label="Bank account"
          name="internalAccount"
          required
          value={internalAccount}
          onChange={(e) => setInternalAccount(e.target.value)}
          error={errors.internalAccount}
        >
          <option value="">Choose an account</option>
          {accounts.items.map((a) => (
            <option key={a.kind} value={a.kind}>
              {`${a.label} (${a.accountNumber}), balance ${formatMoney(BigInt(a.balance), currency)}`}
            </option>
          ))}
        </SelectField>
      )}
      <Choice
        legend="Credit or debit"
        name="direction"
        value={direction}
        onChange={setDirection}
        error={errors.direction}
        options={[
          ['credit', 'Credit', 'Adds the amount to the account.'],
          ['debit', 'Debit', 'Takes the amount from the account; never below zero for a customer.'],
        ]}
      />
      <TextField
        label="Amount"
        name="amount"
        required
        inputMode="decimal"
        autoComplete="off"
        hint={`In ${currency}, such as 1,500.00. At most ${formatMoney(max, currency)}.`}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
      />
      <TextAreaField
        label="Reason"
        name="reason"
        required
        maxLength={500}
        hint="What went wrong and how this corrects it. The approver reads it; the customer does not."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
      />
      <FileField
        label="Evidence file"
        name="evidence"
        required
        accept="image/jpeg,image/png,image/webp,application/pdf"
        hint={`A picture or a PDF that shows the error (a statement, a receipt), at most ${Math.floor(accounts.evidenceMaxBytes / 1024 / 1024)} MB.`}
        file={evidence}
        onFile={setEvidence}
        error={errors.evidence}
      />
      {sending && <UploadProgress percent={progress} />}
      <Button type="submit" loading={sending} className="self-start">
        Send for approval
      </Button>
    </form>
  );
}
