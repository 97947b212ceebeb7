import { paymentPurposeSchema } from '@bank/contract';
import { queries, queryKeys } from '../../../lib/queries';
import { FundingCatalogPage } from './FundingCatalogPage';

/** `/admin/catalog/payment-purposes`: what customers may pay the bank for (Make payment). */
export function PaymentPurposesPage() {
  return (
    <FundingCatalogPage
      title="Payment purposes"
      noun="payment purpose"
      intro="What customers can pay the bank for under Make payment. A confirmed payment gives the customer a receipt."
      path="payment-purposes"
      query={queries.staffPaymentPurposes()}
      queryKey={queryKeys.staffPaymentPurposes}
      schema={paymentPurposeSchema}
      fields={[{ name: 'name', label: 'Name', kind: 'text' }]}
      describe={(p) => `Added ${new Date(p.createdAt).toLocaleDateString('en-GB')}`}
    />
  );
}
