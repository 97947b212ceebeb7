import { parseDecimalAmount, type FundingForms } from '@bank/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  amountProblem,
  dayMonthYear,
  money,
  percent,
  tidyAmount,
} from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { NoticeDialog } from '../../components/ui/NoticeDialog';
import { cardClass } from '../../components/ui/card';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import {
  AvailableBalance,
  FIXED_DEPOSIT_FROM_BALANCE,
  useAvailableBalance,
  useBalancePayment,
} from './balance';
import { Back, Page, PageIntro, WhenAvailable } from './layout';
import { OutcomeBanner, type Outcome } from './OutcomeBanner';
import { PlanQuote, usePlanQuote } from './PlanQuote';
import { ReviewPayment } from './ReviewPayment';

const FIELDS = ['plan', 'amount'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A fixed deposit from the available balance: plan and amount (with what the plan pays), then
 * the review with the transaction PIN; one ledger entry, idempotent by its key.
 */
function BalanceForm({ forms }: { forms: FundingForms }) {
  const balance = useAvailableBalance();
  const [plan, setPlan] = useState('');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState<(Outcome & { id: number }) | null>(null);
  const quote = usePlanQuote(forms, plan, amount);
  const formId = useId();
  const focus = (field: Field) => document.getElementById(`${formId}-${field}`)?.focus();
  const open = useBalancePayment({
    endpoint: FIXED_DEPOSIT_FROM_BALANCE,
    fields: FIELDS,
    focus,
    onPaid: (deposit) => {
      setOutcome((last) => ({
        tone: 'success',
        head: 'Fixed deposit started.',
        body: `Your fixed deposit of ${money(deposit.principal, deposit.currency)} has started. It matures on ${dayMonthYear(deposit.maturityDate)} with ${money(deposit.interestAtMaturity, deposit.currency)} interest.`,
        id: (last?.id ?? 0) + 1,
      }));
      setAmount('');
    },
  });
  const { errors, review } = open;

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!plan) missing.plan = 'Choose a plan';
    const problem = amountProblem(amount, balance);
    if (problem) missing.amount = problem;
    open.setErrors(missing);
    if (missing.plan || missing.amount) {
      focus(missing.plan ? 'plan' : 'amount');
      return;
    }
    setOutcome(null);
    open.toReview({ plan, amount: tidyAmount(amount) });
  }

  const shown = open.failure ?? outcome;
  const notice = <NoticeDialog notice={open.notice} onOkay={open.closeNotice} />;
  const chosen = forms.fixedDepositPlans.find((p) => p.id === review?.plan);
  if (review && chosen) {
    const minor = String(parseDecimalAmount(review.amount ?? '') ?? 0n);
    const terms = quote.quote;
    return (
      <>
        <ReviewPayment
          amount={minor}
          currency={forms.currency}
          to={null}
          lines={[
            {
              term: 'Into',
              value: `A new fixed deposit: ${chosen.name}, ${percent(chosen.annualRateBp)} a year`,
            },
            ...(terms && terms.principal === minor
              ? [
                  {
                    term: 'Matures',
                    value: `${dayMonthYear(terms.maturityDate)}, with ${money(terms.interest, terms.currency)} interest`,
                  },
                ]
              : []),
          ]}
          payLabel={`Pay ${money(minor, forms.currency)} into the deposit`}
          payment={open}
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
      aria-label="Start a fixed deposit"
    >
      {shown && <OutcomeBanner key={`outcome-${shown.id}`} outcome={shown} />}
      <AvailableBalance />
      <SelectField
        id={`${formId}-plan`}
        label="Plan"
        required
        value={plan}
        error={errors.plan}
        onChange={(e) => {
          setPlan(e.target.value);
          open.setErrors({ ...errors, plan: undefined });
          open.changed();
        }}
      >
        <option value="">Choose…</option>
        {forms.fixedDepositPlans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${formId}-amount`}
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        error={errors.amount ?? quote.amountError}
        hint={`In ${forms.currency}, e.g. 1000.00`}
        onChange={(e) => {
          setAmount(e.target.value);
          open.setErrors({ ...errors, amount: undefined });
          open.changed();
        }}
      />
      <PlanQuote state={quote} currency={forms.currency} />
      <div>
        <Button type="submit">Continue</Button>
      </div>
      {notice}
    </form>
  );
}

/** fixed-deposit/balance (PRODUCT.md: funded from the available balance, beyond the spec). */
export function FixedDepositBalancePage() {
  return (
    <Page>
      <Back to="/dashboard/fixed-deposit" label="Fixed deposit" />
      <PageIntro title="Fixed deposit from your balance">
        You check the deposit and confirm it with your transaction PIN; the amount leaves your
        available balance now and comes back with its interest at maturity.
      </PageIntro>
      <section className={cardClass} aria-label="Fixed deposit from your balance">
        <WhenAvailable product="fixed_deposit">
          {(forms) =>
            forms.fixedDepositPlans.length === 0 ? (
              <Banner tone="info">No fixed-deposit plan is offered right now.</Banner>
            ) : (
              <BalanceForm forms={forms} />
            )
          }
        </WhenAvailable>
      </section>
      <p className="text-sm">
        <Link
          to="/dashboard/fixed-deposit"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-50"
        >
          See your fixed deposits
        </Link>
      </p>
    </Page>
  );
}
