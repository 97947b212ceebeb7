import { coinAmountText, formatPerCoin, parseDecimalAmount, type CryptoRate } from '@bank/contract';
import { Coins } from 'lucide-react';
import { dayMonthYearAt, tidyAmount } from '../../components/funding/format';

/**
 * How much of the chosen coin to send for the amount typed, at the rate staff set (decision 27):
 * "Send about 0.0123 BTC (rate as of 20/11/2026, 10:30)". Worked out exactly (bigint, in the
 * contract); nothing is shown for a coin without a rate. Read out politely as it changes.
 */
export function CoinAmount({
  rate,
  amount,
  currency,
}: {
  rate: CryptoRate | null;
  amount: string;
  currency: string;
}) {
  if (!rate) return null;
  const minor = parseDecimalAmount(tidyAmount(amount));
  const coins = minor !== null && minor > 0n ? coinAmountText(minor, rate) : null;
  const asOf = `rate as of ${dayMonthYearAt(rate.setAt)}`;
  return (
    <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm dark:bg-slate-950">
      <Coins aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <p aria-live="polite">
        {coins ? (
          <>
            Send about <strong>{coins}</strong> ({asOf}).
          </>
        ) : (
          <>
            1 {rate.symbol} is about {formatPerCoin(rate.perCoin, currency)} ({asOf}). Enter the
            amount to see how much {rate.symbol} to send.
          </>
        )}
      </p>
    </div>
  );
}
