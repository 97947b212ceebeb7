import { paymentPurposeInputSchema, paymentPurposeSchema } from '@bank/contract';
import { queries } from '../../../lib/queries';
import { dayMonthYear } from '../../../components/funding/format';
import type { FieldSpec } from './catalog-fields';
import { FundingCatalogPage } from './FundingCatalogPage';

const FIELDS: readonly FieldSpec[] = [
  {
    name: 'name',
    label: 'Name',
    kind: 'text',
    maxLength: 60,
    hint: 'As customers see it, e.g. Card replacement fee',
  },
];

/** `/admin/catalog/payment-purposes`: what customers may pay the bank for (Make payment). */
export function PaymentPurposesPage() {
  return (
    <FundingCatalogPage
      title="Payment purposes"
      noun="payment purpose"
      intro="What customers can pay the bank for under Make payment. A confirmed payment gives the customer a receipt."
      section="payment-purposes"
      query={queries.staffPaymentPurposes()}
      itemSchema={paymentPurposeSchema}
      inputSchema={paymentPurposeInputSchema}
      fields={FIELDS}
      describe={(p) => `Added ${dayMonthYear(p.createdAt)}`}
    />
  );
}
