import { fixedDepositPlanSchema, formatMoney } from '@bank/contract';
import { queries, queryKeys } from '../../../lib/queries';
import { percent } from '../../../components/funding/format';
import { FundingCatalogPage } from './FundingCatalogPage';

/** `/admin/catalog/fixed-deposit-plans`: term, annual rate and the amounts each plan takes. */
export function FixedDepositPlansPage() {
  return (
    <FundingCatalogPage
      title="Fixed-deposit plans"
      noun="plan"
      intro="Each fixed deposit keeps the terms of the plan it was opened on; an edit applies to deposits opened afterwards. Interest accrues daily (Actual/365)."
      path="fixed-deposit-plans"
      query={queries.staffFixedDepositPlans()}
      queryKey={queryKeys.staffFixedDepositPlans}
      schema={fixedDepositPlanSchema}
      fields={[
        { name: 'name', label: 'Name', kind: 'text' },
        { name: 'termCount', label: 'Term', kind: 'whole', hint: 'How many days or months' },
        {
          name: 'termUnit',
          label: 'Term unit',
          kind: 'select',
          options: [
            { value: 'months', label: 'Months' },
            { value: 'days', label: 'Days' },
          ],
        },
        { name: 'annualRateBp', label: 'Annual rate (%)', kind: 'percent', hint: 'e.g. 5.25' },
        { name: 'minAmount', label: 'Minimum amount', kind: 'money' },
        {
          name: 'maxAmount',
          label: 'Maximum amount',
          kind: 'money',
          optional: true,
          hint: 'Optional',
        },
      ]}
      describe={(p) =>
        `${p.termCount} ${p.termUnit} at ${percent(p.annualRateBp)} a year, ${formatMoney(BigInt(p.minAmount), 'USD')}${p.maxAmount ? ` to ${formatMoney(BigInt(p.maxAmount), 'USD')}` : ' or more'}`
      }
    />
  );
}
