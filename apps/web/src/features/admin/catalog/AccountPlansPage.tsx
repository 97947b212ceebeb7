import { accountPlanInputSchema, accountPlanSchema } from '@bank/contract';
import { queries } from '../../../lib/queries';
import { money, percent } from '../../../components/funding/format';
import type { FieldSpec } from './catalog-fields';
import { FundingCatalogPage } from './FundingCatalogPage';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', maxLength: 60, hint: 'e.g. Gold' },
  {
    name: 'serviceChargeBp',
    label: 'Service charge (%)',
    kind: 'percent',
    hint: 'Taken from each outgoing transfer: 0 to 100, e.g. 2.5',
  },
  {
    name: 'dailyTransferLimit',
    label: 'Daily transfer limit',
    kind: 'money',
    hint: 'e.g. 50,000.00',
  },
  {
    name: 'stepUpThreshold',
    label: 'Authorization code from',
    kind: 'money',
    hint: 'A transfer of this amount or more needs the emailed code',
  },
  { name: 'price', label: 'Price', kind: 'money', hint: 'What the upgrade costs: 0 for free' },
];

/** `/admin/catalog/account-plans`: the tiers customers upgrade between. */
export function AccountPlansPage() {
  return (
    <FundingCatalogPage
      title="Account plans"
      noun="plan"
      intro="Every customer starts on the default plan. A plan sets the service charge on transfers, the daily transfer limit and the amount from which a transfer needs the emailed authorization code. A change of charge, limits or price waits for a second person under Approvals; customers keep the old terms until it is approved."
      section="account-plans"
      query={queries.staffAccountPlans()}
      itemSchema={accountPlanSchema}
      inputSchema={accountPlanInputSchema}
      fields={FIELDS}
      describe={(p) =>
        `Charge ${percent(p.serviceChargeBp)}, limit ${money(p.dailyTransferLimit, p.currency)} a day, code from ${money(p.stepUpThreshold, p.currency)}, price ${money(p.price, p.currency)}`
      }
    />
  );
}
