import { toDecimalString, type FundingForms } from '@bank/contract';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { cardClass } from '../../components/ui/card';
import { CryptoRequestForm } from './CryptoRequestForm';
import { INSTRUCTION, Page, PageIntro, WhenAvailable } from './layout';
import { PlanComparison } from './PlanComparison';
import { RequestList } from './RequestList';

function UpgradeForm({ forms }: { forms: FundingForms }) {
  const [plan, setPlan] = useState('');
  const current = forms.accountPlans.find((p) => p.id === forms.currentPlanId);
  // The default plan is where everyone starts: nobody pays to move to it.
  const options = forms.accountPlans.filter((p) => p.id !== forms.currentPlanId && !p.isDefault);
  const chosen = options.find((p) => p.id === plan);
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        <Crown aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        <span>
          Your plan now: <strong>{current?.name ?? 'n/a'}</strong>
        </span>
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
            required: 'A plan is required',
          }}
          initialAmount={chosen ? toDecimalString(BigInt(chosen.price)) : ''}
          submitLabel="Submit Upgrade"
          onChange={(values) => setPlan(values.subject)}
        >
          <PlanComparison forms={forms} plan={plan} />
        </CryptoRequestForm>
      )}
    </div>
  );
}

/** upgrade (spec): choose a plan (required), type, amount and proof; the requests made. */
export function UpgradePage() {
  return (
    <Page>
      <PageIntro title="Upgrade Account">
        A higher plan lowers your transfer charge and raises your limits. {INSTRUCTION}
      </PageIntro>
      <section className={cardClass} aria-label="Upgrade form">
        <WhenAvailable product="upgrade">{(forms) => <UpgradeForm forms={forms} />}</WhenAvailable>
      </section>
      <RequestList
        kind="upgrade"
        title="Your upgrade requests"
        empty="No upgrade requests yet. Choose a plan above, pay its price and send the proof."
      />
    </Page>
  );
}
