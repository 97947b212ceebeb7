import { Bitcoin, Wallet, type LucideIcon } from 'lucide-react';
import { useId } from 'react';

export type PayMethod = 'crypto' | 'balance';

const METHODS: { value: PayMethod; label: string; icon: LucideIcon }[] = [
  { value: 'crypto', label: 'Crypto, with a proof of payment', icon: Bitcoin },
  { value: 'balance', label: 'From your balance', icon: Wallet },
];

/**
 * How the customer pays the bank: crypto with a proof (the spec's form, confirmed by staff) or
 * the available balance (at once). Radio buttons in a fieldset, each with what it means.
 */
export function PayWith({
  value,
  onChange,
  says,
}: {
  value: PayMethod;
  onChange: (method: PayMethod) => void;
  /** What each method means here ("applies once we confirm the payment", "applies at once"). */
  says: Record<PayMethod, string>;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-medium">Pay with</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {METHODS.map((m) => {
          const Icon = m.icon;
          const checked = value === m.value;
          return (
            // The card is the target (a click anywhere chooses it); the radio's name is the
            // method alone, what it means is its description.
            <div
              key={m.value}
              onClick={() => onChange(m.value)}
              className={`flex min-h-16 cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                checked
                  ? 'bg-brand-50 ring-brand-700 dark:bg-slate-800 dark:ring-brand-50'
                  : 'ring-slate-300 hover:ring-brand-600 dark:ring-slate-700'
              }`}
            >
              <input
                id={`${name}-${m.value}`}
                type="radio"
                name={name}
                value={m.value}
                checked={checked}
                onChange={() => onChange(m.value)}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                aria-describedby={`${name}-${m.value}-says`}
              />
              <span className="flex min-w-0 flex-col">
                <label
                  htmlFor={`${name}-${m.value}`}
                  className="flex cursor-pointer items-center gap-2 font-semibold"
                >
                  <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {m.label}
                </label>
                <span
                  id={`${name}-${m.value}-says`}
                  className="text-sm text-slate-700 dark:text-slate-300"
                >
                  {says[m.value]}
                </span>
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
