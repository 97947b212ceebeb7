import { fixedDepositPlanInputSchema, fixedDepositPlanSchema } from '@bank/contract';
import { queries } from '../../../lib/queries';
import { money, percent, termWords } from '../../../components/funding/format';
import type { FieldSpec } from './catalog-fields';
import { FundingCatalogPage } from './FundingCatalogPage';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', maxLength: 60, hint: 'e.g. Twelve months' },
  {
    name: 'termCount',
    label: 'Term',
    kind: 'whole',
    hint: 'How many days or months: up to 3660 days or 120 months',
  },
  {
    name: 'termUnit',
    label: 'Term unit',
    kind: 'select',
    options: [
      { value: 'months', label: 'Months' },
      { value: 'days', label: 'Days' },
    ],
  },
  {
    name: 'annualRateBp',
    label: 'Annual rate (%)',
    kind: 'percent',
    hint: 'More than 0, at most 100, e.g. 5.25',
  },
  { name: 'minAmount', label: 'Minimum amount', kind: 'money', hint: 'e.g. 1,500.00' },
  {
    name: 'maxAmount',
    label: 'Maximum amount',
    kind: 'money',
    optional: true,
    hint: 'Optional: empty for no upper limit',
  },
];

/** `/admin/catalog/fixed-deposit-plans`: term, annual rate and the amounts each plan takes. */
export function FixedDepositPlansPage() {
  return (
    <FundingCatalogPage
      title="Fixed-deposit plans"
      noun="plan"
      intro="Each fixed deposit keeps the terms of the plan it was opened on; a change of terms waits for a second person under Approvals and applies to deposits opened after it is approved. Interest accrues daily (Actual/365)."
      section="fixed-deposit-plans"
      query={queries.staffFixedDepositPlans()}
      itemSchema={fixedDepositPlanSchema}
      inputSchema={fixedDepositPlanInputSchema}
      fields={FIELDS}
      describe={(p) =>
        `${termWords(p.termCount, p.termUnit)} at ${percent(p.annualRateBp)} a year, ${money(p.minAmount, p.currency)}${
          p.maxAmount ? ` to ${money(p.maxAmount, p.currency)}` : ' or more'
        }`
      }
    />
  );
}
