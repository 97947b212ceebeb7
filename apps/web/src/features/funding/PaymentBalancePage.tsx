import { parseDecimalAmount, type FundingForms } from '@bank/contract';
import { useId, useState, type FormEvent } from 'react';
import { amountProblem, money, tidyAmount } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { NoticeDialog } from '../../components/ui/NoticeDialog';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import {
  AvailableBalance,
  PAYMENT_FROM_BALANCE,
  useAvailableBalance,
  useBalancePayment,
} from './balance';
import { Back, Page, PageIntro, WhenAvailable } from './layout';
import { OutcomeBanner, type Outcome } from './OutcomeBanner';
import { RequestList } from './RequestList';
import { ReviewPayment } from './ReviewPayment';

const FIELDS = ['purpose', 'amount'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A payment to the bank from the available balance: purpose and amount, then the review with
 * the transaction PIN, and it is paid at once.
 */
function PaymentForm({ forms }: { forms: FundingForms }) {
  const formId = useId();
  const balance = useAvailableBalance();
  const [purpose, setPurpose] = useState('');
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState<(Outcome & { id: number }) | null>(null);
  const focus = (field: Field) => document.getElementById(`${formId}-${field}`)?.focus();
  const payment = useBalancePayment({
    endpoint: PAYMENT_FROM_BALANCE,
    fields: FIELDS,
    focus,
    onPaid: ({ request }) => {
      setPurpose('');
      setAmount('');
      setDone((last) => ({
        tone: 'success',
        head: 'Payment made.',
        body: `You paid ${money(request.claimedAmount, request.currency)} for ${request.subject ?? 'your purpose'} from your balance. Your receipt is in Notifications and your email.`,
        id: (last?.id ?? 0) + 1,
      }));
    },
  });
  const { errors, review } = payment;

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    payment.clearFailure();
    const missing: Partial<Record<Field, string>> = {};
    if (!purpose) missing.purpose = 'Choose what the payment is for';
    const problem = amountProblem(amount, balance);
    if (problem) missing.amount = problem;
    payment.setErrors(missing);
    const first = FIELDS.find((f) => missing[f]);
    if (first) {
      focus(first);
      return;
    }
    payment.toReview({ purpose, amount: tidyAmount(amount) });
  }

  const outcome = payment.failure ?? done;
  const notice = <NoticeDialog notice={payment.notice} onOkay={payment.closeNotice} />;
  if (review) {
    const minor = parseDecimalAmount(review.amount ?? '') ?? 0n;
    const named = forms.purposes.find((p) => p.id === review.purpose);
    return (
      <>
        <ReviewPayment
          amount={String(minor)}
          currency={forms.currency}
          lines={[{ term: 'For', value: named?.name ?? 'The purpose you chose' }]}
          payLabel={`Pay ${money(String(minor), forms.currency)}`}
          payment={payment}
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
      aria-label="Pay from your balance"
    >
      {outcome && <OutcomeBanner key={`outcome-${outcome.id}`} outcome={outcome} />}
      <AvailableBalance />
      <SelectField
        id={`${formId}-purpose`}
        label="Purpose"
        required
        value={purpose}
        error={errors.purpose}
        onChange={(e) => {
          setPurpose(e.target.value);
          payment.setErrors({ ...errors, purpose: undefined });
          payment.changed();
        }}
      >
        <option value="">Choose…</option>
        {forms.purposes.map((p) => (
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
        error={errors.amount}
        hint={`In ${forms.currency}, e.g. 25.00`}
        onChange={(e) => {
          setAmount(e.target.value);
          payment.setErrors({ ...errors, amount: undefined });
          payment.changed();
        }}
      />
      <div>
        <Button type="submit">Continue</Button>
      </div>
      {notice}
    </form>
  );
}

/** make-payment/balance (PRODUCT.md: paid from the available balance, beyond the spec). */
export function PaymentBalancePage() {
  return (
    <Page>
      <Back to="/dashboard/make-payment" label="Make payment" />
      <PageIntro title="Pay from your balance">
        You check the payment and confirm it with your transaction PIN; the amount leaves your
        available balance at once, and you get a receipt.
      </PageIntro>
      <section className={cardClass} aria-label="Payment from your balance">
        <WhenAvailable product="make_payment">
          {(forms) =>
            forms.purposes.length === 0 ? (
              <Banner tone="info">There is nothing to pay for right now.</Banner>
            ) : (
              <PaymentForm forms={forms} />
            )
          }
        </WhenAvailable>
      </section>
      <RequestList kind="payment" title="Your payments" />
    </Page>
  );
}
