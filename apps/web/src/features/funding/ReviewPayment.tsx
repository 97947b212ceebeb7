import { useId, type ReactNode } from 'react';
import { money } from '../../components/funding/format';
import { TransactionPinForm } from '../../components/pin/TransactionPinForm';
import { Button } from '../../components/ui/Button';
import { BANK_NAME } from '../../lib/brand';
import { useAvailableBalance } from './balance';

export interface ReviewLine {
  term: string;
  value: ReactNode;
}

/**
 * The review of a payment out of the available balance: the amount, to whom and what for, from
 * which balance and what is left of it, then the transaction PIN and the button that pays
 * (PRODUCT.md 4: the terms are shown before the customer commits). "Change details" goes back
 * to the form with nothing paid.
 */
export function ReviewPayment({
  amount,
  currency,
  to = BANK_NAME,
  lines,
  payLabel,
  payment,
}: {
  /** Minor units. */
  amount: string;
  currency: string;
  /** Who receives it (the bank, for a payment or an upgrade). */
  to?: string | null;
  /** What it is for, after "To". */
  lines: ReviewLine[];
  payLabel: string;
  payment: {
    authorize: (pin: string) => Promise<unknown>;
    paying: boolean;
    onRefused: (error: unknown) => boolean;
    back: () => void;
  };
}) {
  const headingId = useId();
  const balance = useAvailableBalance();
  const after = balance === null ? null : balance - BigInt(amount);
  const all: ReviewLine[] = [
    ...(to ? [{ term: 'To', value: to }] : []),
    ...lines,
    { term: 'From', value: 'Your available balance' },
    ...(after !== null && after >= 0n
      ? [{ term: 'Balance after', value: money(String(after), currency) }]
      : []),
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="rounded-xl bg-brand-50 p-4 dark:bg-slate-950">
        <h2 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          You are about to pay
        </h2>
        <p className="mt-1 text-3xl font-bold tracking-tight break-words">
          {money(amount, currency)}
        </p>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {all.map((line) => (
            <div key={line.term} className="contents">
              <dt className="text-slate-700 dark:text-slate-300">{line.term}</dt>
              <dd className="font-medium break-words">{line.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <TransactionPinForm
        intro={`Enter your 4-digit transaction PIN to pay ${money(amount, currency)} from your balance.`}
        submitLabel={payLabel}
        busy={payment.paying}
        authorize={payment.authorize}
        onRefused={payment.onRefused}
        secondary={
          <Button variant="secondary" onClick={payment.back} disabled={payment.paying}>
            Change details
          </Button>
        }
      />
    </section>
  );
}
