import {
  BANNER_TIMEOUT_MS,
  fixedDepositSchema,
  parseDecimalAmount,
  toDecimalString,
  type FundingForms,
  type Product,
} from '@bank/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Info } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { FixedDepositList } from '../../components/funding/FixedDepositList';
import {
  dayMonthYear,
  money,
  percent,
  termWords,
  tidyAmount,
} from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/CopyButton';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { Toast, useToast } from '../../components/ui/Toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { countryName } from '../../lib/countries';
import { queries, queryKeys } from '../../lib/queries';
import { CryptoRequestForm } from './CryptoRequestForm';
import {
  BALANCE_METHOD,
  CRYPTO_METHOD,
  INSTITUTIONAL_METHOD,
  MethodList,
  OFFLINE_METHODS,
} from './MethodList';
import { RequestList } from './RequestList';

function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-50"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <div className="flex max-w-3xl flex-col gap-6">{children}</div>;
}

/** Shows `children` (given the forms' choices) where the product is available, else the spec's label. */
function WhenAvailable({
  product,
  children,
}: {
  product: Product;
  children: (forms: FundingForms) => ReactNode;
}) {
  const availability = useQuery(queries.availability());
  const forms = useQuery(queries.fundingForms());
  const failed = availability.error ?? forms.error;
  if (failed && (!availability.data || !forms.data)) {
    return (
      <LoadFailed
        error={failed}
        retrying={availability.isFetching || forms.isFetching}
        onRetry={() => {
          void availability.refetch();
          void forms.refetch();
        }}
      />
    );
  }
  if (!availability.data || !forms.data) return <Loading label="Loading the form…" />;
  if (!availability.data[product]) {
    return <Banner tone="info">Not available for your region</Banner>;
  }
  return <>{children(forms.data)}</>;
}

/** add-funds: its pages share this frame (spec: a layout with nested children). */
export function AddFundsLayout() {
  return <Outlet />;
}

/** add-funds index: the ways to pay in (spec: only Institutional Transfer and Crypto Deposit link). */
export function AddFundsPage() {
  return (
    <Page>
      <div>
        <PageHeading title="Add funds" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Choose how you would like to put money into your account.
        </p>
      </div>
      <MethodList
        title="Deposit methods"
        methods={[...OFFLINE_METHODS, INSTITUTIONAL_METHOD, CRYPTO_METHOD('crypto_deposit')]}
      />
    </Page>
  );
}

const INSTRUCTION =
  'To deposit, choose the payment method panel and make the payment to the displayed address. After payment has been made, come back to fill this form.';

/** add-funds/crypto (spec): the deposit form and the customer's crypto transactions. */
export function CryptoDepositPage() {
  return (
    <Page>
      <Back to="/dashboard/add-funds" label="Add funds" />
      <div>
        <PageHeading title="Crypto Deposit" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Deposit into your trading accounts
        </p>
      </div>
      <section aria-labelledby="methods-heading" className="flex flex-col gap-3">
        <h2 id="methods-heading" className="text-lg font-semibold">
          Methods
        </h2>
        <div className={cardClass}>
          <h3 className="text-base font-semibold">Deposit method</h3>
          <p className="mt-1 mb-4 flex gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {INSTRUCTION}
          </p>
          <WhenAvailable product="crypto_deposit">
            {(forms) => (
              <CryptoRequestForm
                path="deposits"
                proofField="depositPic"
                forms={forms}
                submitLabel="Submit Deposit"
              />
            )}
          </WhenAvailable>
        </div>
      </section>
      <RequestList kind="deposit" title="Crypto Transactions" />
    </Page>
  );
}

function DetailRow({ label, value }: { label: string; value: string | null }) {
  const { toast, show } = useToast();
  return (
    <div className="flex min-h-14 flex-wrap items-center justify-between gap-2 border-b border-slate-200 py-2 last:border-0 dark:border-slate-800">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="flex items-center gap-1 font-semibold break-all">
        {value ?? 'n/a'}
        {value && (
          <CopyButton
            text={value}
            label={`Copy ${label.toLowerCase()}`}
            onResult={(ok) =>
              show(
                ok
                  ? { text: 'Copied to clipboard', tone: 'success' }
                  : { text: 'Copy failed', tone: 'error' },
              )
            }
          />
        )}
        <Toast toast={toast} />
      </dd>
    </div>
  );
}

/** add-funds/it (spec: Your Details): what someone paying this customer needs. */
export function ReceivePage() {
  const details = useQuery(queries.receiveDetails());
  return (
    <Page>
      <Back to="/dashboard/add-funds" label="Add funds" />
      <div>
        <PageHeading title="Your Details" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Give these details to an institution sending you money.
        </p>
      </div>
      <section className={cardClass} aria-label="Your details">
        {details.data ? (
          <dl>
            <DetailRow label="Your Username" value={details.data.username} />
            <DetailRow label="Your Account Number" value={details.data.accountNumber} />
            <DetailRow label="Swift Code" value={details.data.swiftCode} />
            <DetailRow label="Routing Number" value={details.data.routingNumber} />
            <DetailRow
              label="Country"
              value={details.data.country ? countryName(details.data.country) : null}
            />
          </dl>
        ) : details.isError ? (
          <LoadFailed
            error={details.error}
            retrying={details.isFetching}
            onRetry={() => void details.refetch()}
          />
        ) : (
          <Loading label="Loading your details…" />
        )}
      </section>
    </Page>
  );
}

/** make-payment index (spec): four methods, only Crypto Deposit links. */
export function MakePaymentPage() {
  return (
    <Page>
      <div>
        <PageHeading title="Make payment" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Pay the bank for a service, such as a fee or a statement copy.
        </p>
      </div>
      <MethodList
        title="Payment methods"
        methods={[...OFFLINE_METHODS, CRYPTO_METHOD('make_payment')]}
      />
      <RequestList kind="payment" title="Your payments" />
    </Page>
  );
}

export function PaymentCryptoPage() {
  return (
    <Page>
      <Back to="/dashboard/make-payment" label="Make payment" />
      <div>
        <PageHeading title="Make payment" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">{INSTRUCTION}</p>
      </div>
      <section className={cardClass} aria-label="Payment form">
        <WhenAvailable product="make_payment">
          {(forms) =>
            forms.purposes.length === 0 ? (
              <Banner tone="info">There is nothing to pay for right now.</Banner>
            ) : (
              <CryptoRequestForm
                path="payments"
                proofField="depositPic"
                forms={forms}
                subject={{ field: 'purpose', label: 'Purpose', options: forms.purposes }}
                submitLabel="Submit Payment"
              />
            )
          }
        </WhenAvailable>
      </section>
      <RequestList kind="payment" title="Your payments" />
    </Page>
  );
}

/** Fixed deposit index: the four methods plus "From your balance", and the customer's deposits. */
export function FixedDepositPage() {
  const deposits = useQuery(queries.fixedDeposits());
  return (
    <Page>
      <div>
        <PageHeading title="Fixed deposit" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Put money aside for a fixed term and earn interest every day.
        </p>
      </div>
      <MethodList
        title="Ways to fund a fixed deposit"
        methods={[BALANCE_METHOD, ...OFFLINE_METHODS, CRYPTO_METHOD('fixed_deposit')]}
      />
      <section aria-labelledby="deposits-heading" className={cardClass}>
        <h2 id="deposits-heading" className="mb-3 text-lg font-semibold">
          Your fixed deposits
        </h2>
        {deposits.data ? (
          deposits.data.length > 0 ? (
            <FixedDepositList deposits={deposits.data} />
          ) : (
            <p className="text-slate-700 dark:text-slate-300">
              You have no fixed deposit yet. Start one from your balance above.
            </p>
          )
        ) : deposits.isError ? (
          <LoadFailed
            error={deposits.error}
            retrying={deposits.isFetching}
            onRetry={() => void deposits.refetch()}
          />
        ) : (
          <Loading label="Loading your fixed deposits…" />
        )}
      </section>
      <RequestList kind="fixed_deposit" title="Fixed deposits paid in crypto" />
    </Page>
  );
}

/** The plan's terms and what it pays for the amount typed, by the server's rule. */
function PlanQuote({ forms, plan, amount }: { forms: FundingForms; plan: string; amount: string }) {
  const chosen = forms.fixedDepositPlans.find((p) => p.id === plan);
  const [settled, setSettled] = useState(amount);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(amount), 300);
    return () => clearTimeout(timer);
  }, [amount]);
  const tidied = tidyAmount(settled);
  const valid = parseDecimalAmount(tidied) !== null && parseDecimalAmount(tidied) !== 0n;
  const quote = useQuery({
    ...queries.fixedDepositQuote(plan, tidied),
    enabled: Boolean(chosen) && valid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!chosen) return null;
  const range =
    chosen.maxAmount === null
      ? `from ${money(chosen.minAmount, forms.currency)}`
      : `${money(chosen.minAmount, forms.currency)} to ${money(chosen.maxAmount, forms.currency)}`;
  return (
    <div
      className="rounded-xl bg-brand-50 p-4 text-sm dark:bg-slate-950"
      aria-live="polite"
      aria-label="What this plan pays"
    >
      <p>
        <strong>{chosen.name}</strong>: {termWords(chosen.termCount, chosen.termUnit)} at{' '}
        {percent(chosen.annualRateBp)} a year, {range}.
      </p>
      {valid && quote.data && !quote.isError && (
        <p className="mt-1">
          Interest at maturity: <strong>{money(quote.data.interest, quote.data.currency)}</strong>,
          so {money(quote.data.total, quote.data.currency)} on{' '}
          {dayMonthYear(quote.data.maturityDate)} ({quote.data.termDays} days).
        </p>
      )}
      {valid && quote.isError && (
        <p className="mt-1 text-red-800 dark:text-red-200">
          {fieldErrorsIn(quote.error, ['amount']).amount ?? errorMessage(quote.error)}
        </p>
      )}
    </div>
  );
}

export function FixedDepositCryptoPage() {
  const [values, setValues] = useState({ subject: '', amount: '' });
  return (
    <Page>
      <Back to="/dashboard/fixed-deposit" label="Fixed deposit" />
      <div>
        <PageHeading title="Fixed deposit" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">{INSTRUCTION}</p>
      </div>
      <section className={cardClass} aria-label="Fixed deposit form">
        <WhenAvailable product="fixed_deposit">
          {(forms) =>
            forms.fixedDepositPlans.length === 0 ? (
              <Banner tone="info">No fixed-deposit plan is offered right now.</Banner>
            ) : (
              <CryptoRequestForm
                path="fixed-deposits"
                proofField="fixedDepositPic"
                forms={forms}
                subject={{ field: 'plan', label: 'Plan', options: forms.fixedDepositPlans }}
                submitLabel="Submit Deposit"
                onChange={setValues}
              >
                <PlanQuote forms={forms} plan={values.subject} amount={values.amount} />
              </CryptoRequestForm>
            )
          }
        </WhenAvailable>
      </section>
      <RequestList kind="fixed_deposit" title="Fixed deposits paid in crypto" />
    </Page>
  );
}

function newKey() {
  return crypto.randomUUID().replaceAll('-', '');
}

/** A fixed deposit from the available balance: one ledger entry, idempotent by its key. */
function BalanceForm({ forms }: { forms: FundingForms }) {
  const queryClient = useQueryClient();
  const summary = useQuery(queries.accountSummary());
  const [plan, setPlan] = useState('');
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Partial<Record<'plan' | 'amount', string>>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  const open = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/fixed-deposits', {
        body: { plan, amount: tidyAmount(amount), idempotencyKey: key },
        schema: fixedDepositSchema,
      }),
    onSuccess: (deposit) => {
      setOutcome({
        tone: 'success',
        text: `Your fixed deposit of ${money(deposit.principal, deposit.currency)} has started. It matures on ${dayMonthYear(deposit.maturityDate)}.`,
      });
      setAmount('');
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: queryKeys.fixedDeposits });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    onError: (error) => {
      setErrors(fieldErrorsIn(error, ['plan', 'amount']));
      setOutcome({
        tone: 'error',
        text: error instanceof ApiError ? error.message : errorMessage(error),
      });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: typeof errors = {};
    if (!plan) missing.plan = 'Choose a plan';
    if (!amount.trim()) missing.amount = 'Enter the amount';
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      document.getElementById(missing.plan ? 'fd-plan' : 'fd-amount')?.focus();
      return;
    }
    open.mutate();
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Start a fixed deposit"
    >
      {outcome && (
        <Banner tone={outcome.tone}>
          {outcome.tone === 'error' && <strong>Something went wrong! </strong>}
          {outcome.text}
        </Banner>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Available balance:{' '}
        <strong>
          {summary.data
            ? money(summary.data.availableBalance, summary.data.currency)
            : summary.isError
              ? 'not available'
              : '…'}
        </strong>
      </p>
      <SelectField
        id="fd-plan"
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
        id="fd-amount"
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        error={errors.amount}
        hint={`In ${forms.currency}, e.g. 1000.00`}
        onChange={(e) => {
          setAmount(e.target.value);
          setKey(newKey());
        }}
      />
      <PlanQuote forms={forms} plan={plan} amount={amount} />
      <div>
        <Button type="submit" disabled={open.isPending}>
          {open.isPending ? 'Starting…' : 'Start fixed deposit'}
        </Button>
      </div>
    </form>
  );
}

export function FixedDepositBalancePage() {
  return (
    <Page>
      <Back to="/dashboard/fixed-deposit" label="Fixed deposit" />
      <div>
        <PageHeading title="Fixed deposit from your balance" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          The amount leaves your available balance now and comes back with its interest at maturity.
        </p>
      </div>
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
          className="font-semibold text-brand-700 underline dark:text-brand-50"
        >
          See your fixed deposits
        </Link>
      </p>
    </Page>
  );
}

/** What the chosen plan changes against the current one. */
function PlanComparison({ forms, plan }: { forms: FundingForms; plan: string }) {
  const current = forms.accountPlans.find((p) => p.id === forms.currentPlanId);
  const chosen = forms.accountPlans.find((p) => p.id === plan);
  if (!chosen) return null;
  const rows: [string, (p: FundingForms['accountPlans'][number]) => string][] = [
    ['Service charge on transfers', (p) => percent(p.serviceChargeBp)],
    ['Daily transfer limit', (p) => money(p.dailyTransferLimit, forms.currency)],
    ['Authorization code from', (p) => money(p.stepUpThreshold, forms.currency)],
    ['Price', (p) => money(p.price, forms.currency)],
  ];
  return (
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Plan comparison">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">What changes with {chosen.name}</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              &nbsp;
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Now ({current?.name ?? 'current'})
            </th>
            <th scope="col" className="py-1 font-medium">
              {chosen.name}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {label}
              </th>
              <td className="py-1.5 pr-3">{current ? value(current) : 'n/a'}</td>
              <td className="py-1.5 font-semibold">{value(chosen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** upgrade (spec): choose a plan (required), type, amount and proof. */
export function UpgradePage() {
  const [plan, setPlan] = useState('');
  return (
    <Page>
      <div>
        <PageHeading title="Upgrade Account" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          A higher plan lowers your transfer charge and raises your limits. {INSTRUCTION}
        </p>
      </div>
      <section className={cardClass} aria-label="Upgrade form">
        <WhenAvailable product="upgrade">
          {(forms) => {
            const current = forms.accountPlans.find((p) => p.id === forms.currentPlanId);
            const options = forms.accountPlans.filter(
              (p) => p.id !== forms.currentPlanId && !p.isDefault,
            );
            const chosen = forms.accountPlans.find((p) => p.id === plan);
            return (
              <div className="flex flex-col gap-4">
                <p className="text-sm">
                  Your plan now: <strong>{current?.name ?? 'n/a'}</strong>
                </p>
                {options.length === 0 ? (
                  <Banner tone="info">There is no other plan to move to right now.</Banner>
                ) : (
                  <CryptoRequestForm
                    path="upgrades"
                    proofField="depositPic"
                    forms={forms}
                    subject={{
                      field: 'plan',
                      label: 'Plan',
                      options: options.map((p) => ({
                        id: p.id,
                        name: `${p.name} (${money(p.price, forms.currency)})`,
                      })),
                    }}
                    initialAmount={chosen ? toDecimalString(BigInt(chosen.price)) : ''}
                    submitLabel="Submit Upgrade"
                    onChange={(v) => setPlan(v.subject)}
                  >
                    <PlanComparison forms={forms} plan={plan} />
                  </CryptoRequestForm>
                )}
              </div>
            );
          }}
        </WhenAvailable>
      </section>
      <RequestList kind="upgrade" title="Your upgrade requests" />
    </Page>
  );
}
