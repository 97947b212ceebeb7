import { toDecimalString, type FundingForms } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { cardClass } from '../../components/ui/card';
import { queries } from '../../lib/queries';
import { CryptoRequestForm } from './CryptoRequestForm';
import { INSTRUCTION, Page, PageIntro, WhenAvailable } from './layout';
import { OutcomeBanner, type Outcome } from './OutcomeBanner';
import { PayWith, type PayMethod } from './PayWith';
import { PlanComparison } from './PlanComparison';
import { RequestList } from './RequestList';
import { UpgradeFromBalance } from './UpgradeFromBalance';

const SAYS: Record<PayMethod, string> = {
  crypto: 'Your new plan applies once we have confirmed the payment.',
  balance: 'The price leaves your available balance and your new plan applies at once.',
};

function UpgradeForm({ forms }: { forms: FundingForms }) {
  const [plan, setPlan] = useState('');
  const [method, setMethod] = useState<PayMethod>('crypto');
  const [done, setDone] = useState<(Outcome & { id: number }) | null>(null);
  // While the review asks for the PIN, how it is paid is settled: "Change details" reopens it.
  const [reviewing, setReviewing] = useState(false);
  // One upgrade waits at a time: said before the customer fills a form the bank would refuse.
  const requests = useQuery(queries.fundingRequests('upgrade'));
  const waiting = requests.data?.find((r) => r.status === 'pending');
  const current = forms.accountPlans.find((p) => p.id === forms.currentPlanId);
  // The default plan is where everyone starts: nobody pays to move to it.
  const options = forms.accountPlans.filter((p) => p.id !== forms.currentPlanId && !p.isDefault);
  const chosen = options.find((p) => p.id === plan);
  const subject = {
    field: 'plan' as const,
    label: 'Plan',
    options: options.map((p) => ({
      id: p.id,
      name: `${p.name} (${money(p.price, forms.currency)})`,
    })),
    required: 'A plan is required',
  };
  return (
    <div className="flex flex-col gap-4">
      {done && <OutcomeBanner key={`done-${done.id}`} outcome={done} />}
      <p className="flex items-center gap-2 text-sm">
        <Crown aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        <span>
          Your plan now: <strong>{current?.name ?? 'n/a'}</strong>
        </span>
      </p>
      {waiting && (
        <Banner tone="info">
          Your upgrade to the {waiting.subject ?? ''} plan is waiting for us to confirm its payment:
          we will tell you as soon as it is decided. You can ask for another upgrade once it is.
        </Banner>
      )}
      {options.length === 0 ? (
        <Banner tone="info">There is no other plan to move to right now.</Banner>
      ) : (
        <>
          {!reviewing && <PayWith value={method} onChange={setMethod} says={SAYS} />}
          {method === 'crypto' ? (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">{INSTRUCTION}</p>
              <CryptoRequestForm
                path="upgrades"
                proofField="depositPic"
                forms={forms}
                subject={subject}
                initialSubject={chosen ? plan : ''}
                initialAmount={chosen ? toDecimalString(BigInt(chosen.price)) : ''}
                submitLabel="Submit Upgrade"
                onChange={(values) => {
                  setDone(null);
                  setPlan(values.subject);
                }}
              >
                <PlanComparison forms={forms} plan={plan} />
              </CryptoRequestForm>
            </>
          ) : (
            <UpgradeFromBalance
              forms={forms}
              subject={subject}
              plan={chosen ? plan : ''}
              onPlan={(next) => {
                setDone(null);
                setPlan(next);
              }}
              onReviewing={setReviewing}
              onPaid={(request) => {
                setPlan('');
                setDone((last) => ({
                  tone: 'success',
                  head: `You are now on the ${request.subject ?? ''} plan.`,
                  body: `${money(request.claimedAmount, request.currency)} was paid from your balance, and your new plan applies from now on. Your receipt is in Notifications.`,
                  id: (last?.id ?? 0) + 1,
                }));
              }}
            >
              <PlanComparison forms={forms} plan={plan} />
            </UpgradeFromBalance>
          )}
        </>
      )}
    </div>
  );
}

/** upgrade (spec): choose a plan (required), type, amount and proof; or pay from the balance. */
export function UpgradePage() {
  return (
    <Page>
      <PageIntro title="Upgrade Account">
        A higher plan lowers your transfer charge and raises your limits.
      </PageIntro>
      <section className={cardClass} aria-label="Upgrade form">
        <WhenAvailable product="upgrade">{(forms) => <UpgradeForm forms={forms} />}</WhenAvailable>
      </section>
      <RequestList
        kind="upgrade"
        title="Your upgrade requests"
        empty="No upgrade requests yet. Choose a plan above and pay its price, from your balance or in crypto."
      />
    </Page>
  );
}
