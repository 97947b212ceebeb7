import { parseDecimalAmount, transferQuote } from '@bank/contract';
import { ReceiptText, Wallet } from 'lucide-react';
import { money, percent, tidyAmount } from '../../components/funding/format';

/**
 * What the transfer will cost, from the moment an amount is typed (PRODUCT.md: fees shown
 * before the customer commits), with the contract's arithmetic, the server's own: the service
 * charge and what the recipient gets. Read out when it changes.
 */
export function ChargePreview({
  amount,
  rateBp,
  currency,
  available,
  inside,
}: {
  /** The amount as typed. */
  amount: string;
  rateBp: number;
  currency: string;
  /** The available balance, in minor units. */
  available: string;
  /** To a customer of this bank. */
  inside: boolean;
}) {
  const minor = parseDecimalAmount(tidyAmount(amount ?? ''));
  const quote = minor !== null && minor > 0n ? transferQuote(minor, rateBp) : null;
  const charge = rateBp === 0 ? 'No service charge' : `Service charge (${percent(rateBp)})`;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-slate-100 p-3 text-sm sm:col-span-2 dark:bg-slate-800">
      <div aria-live="polite">
        {quote ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
            <dt className="text-slate-700 dark:text-slate-300">{charge}</dt>
            <dd className="text-right font-semibold">{money(String(quote.fee), currency)}</dd>
            <dt className="font-semibold">Recipient gets</dt>
            <dd className="text-right font-bold text-green-800 dark:text-green-300">
              {money(String(quote.received), currency)}
            </dd>
          </dl>
        ) : (
          <p className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
            <ReceiptText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {inside
              ? 'No service charge between customers of this bank.'
              : `The service charge is ${percent(rateBp)} of the amount, taken from it.`}
          </p>
        )}
      </div>
      <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
        <Wallet aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          Available balance:{' '}
          <strong className="text-slate-900 dark:text-slate-50">
            {money(available, currency)}
          </strong>
        </span>
      </p>
    </div>
  );
}
