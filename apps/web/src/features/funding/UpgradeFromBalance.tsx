import { toDecimalString, type FundingForms, type FundingRequest } from '@bank/contract';
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { money } from '../../components/funding/format';
import { Button } from '../../components/ui/Button';
import { NoticeDialog } from '../../components/ui/NoticeDialog';
import { SelectField } from '../../components/ui/SelectField';
import {
  AvailableBalance,
  UPGRADE_FROM_BALANCE,
  useAvailableBalance,
  useBalancePayment,
} from './balance';
import type { Subject } from './CryptoRequestForm';
import { OutcomeBanner } from './OutcomeBanner';
import { ReviewPayment } from './ReviewPayment';

const FIELDS = ['plan', 'amount'] as const;

/**
 * An upgrade paid from the available balance: the plan (its price is what is paid, sent back so
 * that a price changed meanwhile is refused rather than charged), then the review with the
 * transaction PIN, and the plan switches as it is paid.
 */
export function UpgradeFromBalance({
  forms,
  subject,
  plan,
  onPlan,
  onPaid,
  onReviewing,
  children,
}: {
  forms: FundingForms;
  subject: Subject;
  plan: string;
  onPlan: (plan: string) => void;
  onPaid: (request: FundingRequest) => void;
  /** Told when the review opens and closes: the page hides what cannot change meanwhile. */
  onReviewing?: (reviewing: boolean) => void;
  /** Shown under the plan (the comparison). */
  children?: ReactNode;
}) {
  const formId = useId();
  const balance = useAvailableBalance();
  const chosen = forms.accountPlans.find((p) => p.id === plan);
  const upgrade = useBalancePayment({
    endpoint: UPGRADE_FROM_BALANCE,
    fields: FIELDS,
    focus: () => document.getElementById(`${formId}-plan`)?.focus(),
    onPaid: ({ request }) => onPaid(request),
  });
  const { errors, review } = upgrade;
  const price = chosen ? money(chosen.price, forms.currency) : null;
  const reviewing = Boolean(review && chosen);
  useEffect(() => {
    onReviewing?.(reviewing);
    return () => onReviewing?.(false);
  }, [reviewing, onReviewing]);
  const short = chosen !== undefined && balance !== null && BigInt(chosen.price) > balance;

  function submit(event: FormEvent) {
    event.preventDefault();
    upgrade.clearFailure();
    if (!chosen) {
      upgrade.setErrors({ plan: subject.required });
      document.getElementById(`${formId}-plan`)?.focus();
      return;
    }
    if (short) {
      upgrade.setErrors({ amount: 'Insufficient balance' });
      return;
    }
    upgrade.toReview({ plan: chosen.id, amount: toDecimalString(BigInt(chosen.price)) });
  }

  const notice = <NoticeDialog notice={upgrade.notice} onOkay={upgrade.closeNotice} />;
  if (review && chosen) {
    return (
      <>
        <ReviewPayment
          amount={chosen.price}
          currency={forms.currency}
          lines={[
            {
              term: 'For',
              value: `The ${chosen.name} plan, which applies as soon as it is paid`,
            },
          ]}
          payLabel={`Pay ${money(chosen.price, forms.currency)} and upgrade`}
          payment={upgrade}
        />
        {notice}
      </>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Upgrade from your balance"
    >
      {upgrade.failure && (
        <OutcomeBanner key={`failure-${upgrade.failure.id}`} outcome={upgrade.failure} />
      )}
      <AvailableBalance />
      <SelectField
        id={`${formId}-plan`}
        label={subject.label}
        required
        value={plan}
        error={errors.plan}
        onChange={(e) => {
          upgrade.setErrors({});
          upgrade.changed();
          onPlan(e.target.value);
        }}
      >
        <option value="">Choose…</option>
        {subject.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectField>
      {children}
      {chosen && (
        <p className="text-sm" id={`${formId}-price`}>
          You pay <strong>{price}</strong> from your balance, once. The {chosen.name} plan applies
          as soon as it is paid.
        </p>
      )}
      {(errors.amount ?? (short ? 'Insufficient balance' : undefined)) && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {errors.amount ?? 'Insufficient balance'}
        </p>
      )}
      <div>
        <Button type="submit">Continue</Button>
      </div>
      {notice}
    </form>
  );
}
