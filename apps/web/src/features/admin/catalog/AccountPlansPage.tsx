import { accountPlanSchema, formatMoney } from '@bank/contract';
import { queries, queryKeys } from '../../../lib/queries';
import { percent } from '../../../components/funding/format';
import { FundingCatalogPage } from './FundingCatalogPage';

/** `/admin/catalog/account-plans`: the tiers customers upgrade between. */
export function AccountPlansPage() {
  return (
    <FundingCatalogPage
      title="Account plans"
      noun="plan"
      intro="Every customer starts on the default plan. A plan sets the service charge on transfers, the daily transfer limit and the amount from which a transfer needs the emailed authorization code."
      path="account-plans"
      query={queries.staffAccountPlans()}
      queryKey={queryKeys.staffAccountPlans}
      schema={accountPlanSchema}
      fields={[
        { name: 'name', label: 'Name', kind: 'text' },
        { name: 'serviceChargeBp', label: 'Service charge (%)', kind: 'percent', hint: 'e.g. 2.5' },
        { name: 'dailyTransferLimit', label: 'Daily transfer limit', kind: 'money' },
        { name: 'stepUpThreshold', label: 'Authorization code from', kind: 'money' },
        { name: 'price', label: 'Price', kind: 'money', hint: '0 for free' },
      ]}
      describe={(p) =>
        `Charge ${percent(p.serviceChargeBp)}, limit ${formatMoney(BigInt(p.dailyTransferLimit), 'USD')} a day, code from ${formatMoney(BigInt(p.stepUpThreshold), 'USD')}, price ${formatMoney(BigInt(p.price), 'USD')}`
      }
    />
  );
}
