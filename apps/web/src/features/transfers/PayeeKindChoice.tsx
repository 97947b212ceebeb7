import { Building2, Landmark } from 'lucide-react';
import { useId } from 'react';
import { BANK_NAME } from '../../lib/brand';

export type PayeeKind = 'other' | 'cedar';

/**
 * Who the money goes to: an account at another bank (the spec's form), or another customer of
 * this bank by account number. A radio group: arrows move between the two, and each says what
 * it takes and what it costs.
 */
export function PayeeKindChoice({
  value,
  onChange,
  cedarAvailable,
  otherBankCharge,
}: {
  value: PayeeKind;
  onChange: (kind: PayeeKind) => void;
  /** False until the bank's own details are published. */
  cedarAvailable: boolean;
  /** The plan's charge to another bank, as a percent. */
  otherBankCharge: string;
}) {
  const id = useId();
  const options = [
    {
      kind: 'other' as const,
      Icon: Building2,
      label: 'To another bank',
      hint: `By SWIFT/BIC and account number or IBAN. Service charge ${otherBankCharge}.`,
      disabled: false,
    },
    {
      kind: 'cedar' as const,
      Icon: Landmark,
      label: `To a ${BANK_NAME} customer`,
      hint: cedarAvailable
        ? 'By account number only. No service charge; the money arrives at once.'
        : 'Not available yet: the bank is still setting it up.',
      disabled: !cedarAvailable,
    },
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-lg font-semibold">Where is the money going?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map(({ kind, Icon, label, hint, disabled }) => (
          <label
            key={kind}
            className={`flex min-h-11 items-start gap-3 rounded-xl border-2 p-4 ${
              disabled ? 'cursor-not-allowed' : 'cursor-pointer'
            } ${
              value === kind
                ? 'border-brand-700 bg-brand-50 dark:border-brand-50 dark:bg-slate-800'
                : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900'
            }`}
          >
            <input
              type="radio"
              name="payee-kind"
              value={kind}
              checked={value === kind}
              disabled={disabled}
              onChange={() => onChange(kind)}
              aria-labelledby={`${id}-${kind}`}
              aria-describedby={`${id}-${kind}-hint`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <Icon
              aria-hidden="true"
              className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-50"
            />
            <span className="min-w-0">
              <span id={`${id}-${kind}`} className="block font-semibold">
                {label}
              </span>
              <span
                id={`${id}-${kind}-hint`}
                className="block text-sm text-slate-700 dark:text-slate-300"
              >
                {hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
