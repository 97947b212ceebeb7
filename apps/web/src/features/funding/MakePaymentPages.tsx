import { Banner } from '../../components/ui/Banner';
import { cardClass } from '../../components/ui/card';
import { CryptoRequestForm } from './CryptoRequestForm';
import { Back, INSTRUCTION, Page, PageIntro, WhenAvailable } from './layout';
import { balanceMethod, cryptoMethod, MethodList, OFFLINE_METHODS } from './MethodList';
import { RequestList } from './RequestList';

const TITLE = 'Your payments';

/**
 * make-payment index (spec): the four methods, of which Crypto Deposit links, plus "From your
 * balance" (PRODUCT.md); the payments made.
 */
export function MakePaymentPage() {
  return (
    <Page>
      <PageIntro title="Make payment">
        Pay the bank for a service, such as a fee or a statement copy.
      </PageIntro>
      <MethodList
        title="Payment methods"
        methods={[
          balanceMethod('make_payment', 'Pay at once with money you already hold'),
          ...OFFLINE_METHODS,
          cryptoMethod('make_payment'),
        ]}
      />
      <RequestList
        kind="payment"
        title={TITLE}
        empty="No payments yet. Pay from your balance, or choose Crypto Deposit above."
      />
    </Page>
  );
}

/** make-payment/crypto (spec): purpose, type, amount and payment proof. */
export function PaymentCryptoPage() {
  return (
    <Page>
      <Back to="/dashboard/make-payment" label="Make payment" />
      <PageIntro title="Make payment" tab="Make payment by crypto">
        {INSTRUCTION}
      </PageIntro>
      <section className={cardClass} aria-label="Payment form">
        <WhenAvailable product="make_payment">
          {(forms) =>
            forms.purposes.length === 0 ? (
              <Banner tone="info">There is nothing to pay for right now.</Banner>
            ) : (
              <CryptoRequestForm
                path="payments"
                proofField="depositPic"
                forms={forms}
                subject={{
                  field: 'purpose',
                  label: 'Purpose',
                  options: forms.purposes,
                  required: 'Choose what the payment is for',
                }}
                submitLabel="Submit Payment"
              />
            )
          }
        </WhenAvailable>
      </section>
      <RequestList
        kind="payment"
        title={TITLE}
        empty="No payments yet. Once you have paid, fill in the form above and your payment shows here with its status."
      />
    </Page>
  );
}
