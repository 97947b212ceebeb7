import type { FundingForms } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { PiggyBank } from 'lucide-react';
import { useId, useState } from 'react';
import { FixedDepositList } from '../../components/funding/FixedDepositList';
import { Banner } from '../../components/ui/Banner';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';
import { CryptoRequestForm } from './CryptoRequestForm';
import { Back, INSTRUCTION, Page, PageIntro, WhenAvailable } from './layout';
import { BALANCE_METHOD, cryptoMethod, MethodList, OFFLINE_METHODS } from './MethodList';
import { PlanQuote, usePlanQuote } from './PlanQuote';
import { RequestList } from './RequestList';

const CRYPTO_TITLE = 'Fixed deposits paid in crypto';

/** The customer's fixed deposits, or what to do to start one. */
function YourDeposits() {
  const deposits = useQuery(queries.fixedDeposits());
  const headingId = useId();
  let body;
  if (deposits.data) {
    body =
      deposits.data.length > 0 ? (
        <FixedDepositList deposits={deposits.data} />
      ) : (
        <div className="flex items-start gap-3 text-slate-700 dark:text-slate-300">
          <PiggyBank aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>
            You have no fixed deposit yet. Start one from your balance or with a crypto deposit
            above: it earns interest every day until it matures.
          </p>
        </div>
      );
  } else if (deposits.isError) {
    body = (
      <LoadFailed
        error={deposits.error}
        retrying={deposits.isFetching}
        onRetry={() => void deposits.refetch()}
      />
    );
  } else {
    body = <Loading label="Loading your fixed deposits…" />;
  }
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        Your fixed deposits
      </h2>
      {body}
    </section>
  );
}

/** fixed-deposit index (spec): the four methods plus "From your balance", and the deposits. */
export function FixedDepositPage() {
  return (
    <Page>
      <PageIntro title="Fixed deposit">
        Put money aside for a fixed term and earn interest every day.
      </PageIntro>
      <MethodList
        title="Ways to fund a fixed deposit"
        methods={[BALANCE_METHOD, ...OFFLINE_METHODS, cryptoMethod('fixed_deposit')]}
      />
      <YourDeposits />
      <RequestList kind="fixed_deposit" title={CRYPTO_TITLE} />
    </Page>
  );
}

function FixedDepositCryptoForm({ forms }: { forms: FundingForms }) {
  const [values, setValues] = useState({ subject: '', amount: '' });
  const quote = usePlanQuote(forms, values.subject, values.amount);
  return (
    <CryptoRequestForm
      path="fixed-deposits"
      proofField="fixedDepositPic"
      forms={forms}
      subject={{
        field: 'plan',
        label: 'Plan',
        options: forms.fixedDepositPlans,
        required: 'Choose a plan',
      }}
      submitLabel="Submit Deposit"
      amountError={quote.amountError}
      onChange={setValues}
    >
      <PlanQuote state={quote} currency={forms.currency} />
    </CryptoRequestForm>
  );
}

/** fixed-deposit/crypto (spec): plan, type, amount and proof (fixedDepositPic). */
export function FixedDepositCryptoPage() {
  return (
    <Page>
      <Back to="/dashboard/fixed-deposit" label="Fixed deposit" />
      <PageIntro title="Fixed deposit" tab="Fixed deposit by crypto">
        {INSTRUCTION}
      </PageIntro>
      <section className={cardClass} aria-label="Fixed deposit form">
        <WhenAvailable product="fixed_deposit">
          {(forms) =>
            forms.fixedDepositPlans.length === 0 ? (
              <Banner tone="info">No fixed-deposit plan is offered right now.</Banner>
            ) : (
              <FixedDepositCryptoForm forms={forms} />
            )
          }
        </WhenAvailable>
      </section>
      <RequestList
        kind="fixed_deposit"
        title={CRYPTO_TITLE}
        empty="None yet. Once you have paid, fill in the form above and your request shows here with its status."
      />
    </Page>
  );
}
