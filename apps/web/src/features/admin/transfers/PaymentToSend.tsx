import { toDecimalString, type StaffTransfer } from '@bank/contract';
import type { ReactNode } from 'react';
import { money } from '../../../components/funding/format';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Toast, useToast } from '../../../components/ui/Toast';
import { BANK_NAME } from '../../../lib/brand';
import { countryName } from '../../../lib/countries';
import { panelClass } from '../shared/panel';

/** One detail of the payment, and its Copy button when it is typed elsewhere as it stands. */
function Row({
  term,
  value,
  copy,
  onCopied,
  copyName = term.toLowerCase(),
  mono = false,
}: {
  term: string;
  /** How the Copy button names the detail: "Copy {copyName}". */
  copyName?: string;
  value: ReactNode;
  copy?: string;
  onCopied: (ok: boolean) => void;
  mono?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 py-2 last:border-0 sm:grid sm:grid-cols-[11rem_1fr] sm:items-center sm:gap-4 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="flex min-w-0 items-center justify-between gap-2">
        <span className={`min-w-0 wrap-anywhere font-semibold ${mono ? 'font-mono' : ''}`}>
          {value}
        </span>
        {copy !== undefined && (
          <CopyButton text={copy} label={`Copy ${copyName}`} onResult={onCopied} />
        )}
      </dd>
    </div>
  );
}

/**
 * What the person sending the money needs, in the order a bank's payment form asks for it:
 * the amount the recipient is to get, then whom, where, and the note. Each can be copied as it
 * stands, so nothing is retyped.
 */
export function PaymentToSend({ transfer: t }: { transfer: StaffTransfer }) {
  const { toast, show } = useToast();
  const onCopied = (ok: boolean) =>
    show(
      ok
        ? { text: 'Copied to clipboard', tone: 'success' }
        : { text: 'Could not copy: select the text instead', tone: 'error' },
    );
  const heading = t.status === 'in_progress' ? 'Payment to send' : 'Payment';
  return (
    <section aria-labelledby="transfer-payment" className="flex min-w-0 flex-col gap-2">
      <h2 id="transfer-payment" className="text-lg font-semibold">
        {heading}
      </h2>
      <div className={`flex flex-col gap-3 ${panelClass}`}>
        {t.internal && (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
            To an account of {BANK_NAME}: it settled at once between the two customers. Nothing is
            sent out.
          </p>
        )}
        <dl>
          <Row
            term="Amount to be received"
            value={
              <span className="text-2xl font-bold">{money(t.amountReceived, t.currency)}</span>
            }
            copy={toDecimalString(BigInt(t.amountReceived))}
            onCopied={onCopied}
          />
          <Row term="Currency" value={t.currency} onCopied={onCopied} />
          <Row
            term="Account holder"
            value={t.accountHolderName}
            copy={t.accountHolderName}
            onCopied={onCopied}
          />
          <Row
            term="Account number"
            value={t.accountNumber}
            copy={t.accountNumber}
            onCopied={onCopied}
            mono
          />
          <Row term="Bank" value={t.bank} copy={t.bank} onCopied={onCopied} />
          <Row
            term="SWIFT/BIC"
            copyName="SWIFT/BIC"
            value={t.swift}
            copy={t.swift}
            onCopied={onCopied}
            mono
          />
          <Row term="Routing number" value={t.routing} copy={t.routing} onCopied={onCopied} mono />
          <Row
            term="Country"
            value={`${countryName(t.country)} (${t.country})`}
            onCopied={onCopied}
          />
          <Row term="Note for the recipient" value={t.note} copy={t.note} onCopied={onCopied} />
        </dl>
      </div>
      <Toast toast={toast} />
    </section>
  );
}
