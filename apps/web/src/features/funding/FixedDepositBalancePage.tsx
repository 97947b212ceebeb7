import { fixedDepositSchema, type FundingForms, type TransferNotice } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { amountProblem, dayMonthYear, money, tidyAmount } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { cardClass } from '../../components/ui/card';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { queryKeys } from '../../lib/queries';
import { AvailableBalance, newKey, useAvailableBalance } from './balance';
import { failureOutcome, onRefusal } from './failure';
import { Back, Page, PageIntro, WhenAvailable } from './layout';
import { OutcomeBanner, type Outcome } from './OutcomeBanner';
import { PlanQuote, usePlanQuote } from './PlanQuote';

type Field = 'plan' | 'amount';

/** A fixed deposit from the available balance: one ledger entry, idempotent by its key. */
function BalanceForm({ forms }: { forms: FundingForms }) {
  const queryClient = useQueryClient();
  const balance = useAvailableBalance();
  const [plan, setPlan] = useState('');
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<(Outcome & { id: number }) | null>(null);
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const refusalNotice = useRefusalNotice();
  const quote = usePlanQuote(forms, plan, amount);
  const formId = useId();
  const announce = (next: Outcome) => setOutcome((last) => ({ ...next, id: (last?.id ?? 0) + 1 }));
  const focus = (field: Field) => document.getElementById(`${formId}-${field}`)?.focus();

  const open = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/fixed-deposits', {
        body: { plan, amount: tidyAmount(amount), idempotencyKey: key },
        schema: fixedDepositSchema,
      }),
    onSuccess: (deposit) => {
      announce({
        tone: 'success',
        head: 'Fixed deposit started.',
        body: `Your fixed deposit of ${money(deposit.principal, deposit.currency)} has started. It matures on ${dayMonthYear(deposit.maturityDate)} with ${money(deposit.interestAtMaturity, deposit.currency)} interest.`,
      });
      setErrors({});
      setAmount('');
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: queryKeys.fixedDeposits });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    onError: (error) => {
      onRefusal(queryClient, error);
      // A refusal with a notice (the account is on hold) is read in the notice dialog.
      const told = refusalNotice(error);
      if (told) {
        setErrors({});
        setNotice(told);
        return;
      }
      const found = fieldErrorsIn(error, ['plan', 'amount']);
      setErrors(found);
      if (found.plan) focus('plan');
      else if (found.amount) focus('amount');
      announce(failureOutcome(error, found.plan ?? found.amount));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!plan) missing.plan = 'Choose a plan';
    const problem = amountProblem(amount, balance);
    if (problem) missing.amount = problem;
    setErrors(missing);
    if (missing.plan || missing.amount) {
      focus(missing.plan ? 'plan' : 'amount');
      return;
    }
    setOutcome(null);
    open.mutate();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Start a fixed deposit"
    >
      {outcome && <OutcomeBanner key={`outcome-${outcome.id}`} outcome={outcome} />}
      <AvailableBalance />
      <SelectField
        id={`${formId}-plan`}
        label="Plan"
        required
        value={plan}
        error={errors.plan}
        onChange={(e) => {
          setPlan(e.target.value);
          setKey(newKey());
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
          setKey(newKey());
        }}
      />
      <PlanQuote state={quote} currency={forms.currency} />
      <div>
        <Button type="submit" loading={open.isPending}>
          Start fixed deposit
        </Button>
      </div>
      <NoticeDialog notice={notice} onOkay={() => setNotice(null)} />
    </form>
  );
}

/** fixed-deposit/balance (PRODUCT.md: funded from the available balance, beyond the spec). */
export function FixedDepositBalancePage() {
  return (
    <Page>
      <Back to="/dashboard/fixed-deposit" label="Fixed deposit" />
      <PageIntro title="Fixed deposit from your balance">
        The amount leaves your available balance now and comes back with its interest at maturity.
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
