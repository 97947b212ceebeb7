import { Info } from 'lucide-react';
import { useId } from 'react';
import { Outlet } from 'react-router';
import { cardClass } from '../../components/ui/card';
import { CryptoRequestForm } from './CryptoRequestForm';
import { Back, INSTRUCTION, Page, PageIntro, WhenAvailable } from './layout';
import { cryptoMethod, INSTITUTIONAL_METHOD, MethodList, OFFLINE_METHODS } from './MethodList';
import { RequestList } from './RequestList';

/** add-funds: its pages share this frame (spec: a layout with nested children). */
export function AddFundsLayout() {
  return <Outlet />;
}

/** add-funds index (spec): the ways to pay in; only those the region has are linked. */
export function AddFundsPage() {
  return (
    <Page>
      <PageIntro title="Add funds">
        Choose how you would like to put money into your account.
      </PageIntro>
      <MethodList
        title="Deposit methods"
        methods={[...OFFLINE_METHODS, INSTITUTIONAL_METHOD, cryptoMethod('crypto_deposit')]}
      />
    </Page>
  );
}

/** add-funds/crypto (spec): the deposit form, then the customer's crypto transactions. */
export function CryptoDepositPage() {
  const methodsId = useId();
  return (
    <Page>
      <Back to="/dashboard/add-funds" label="Add funds" />
      <PageIntro title="Crypto Deposit">Deposit into your trading accounts</PageIntro>
      <section aria-labelledby={methodsId} className="flex flex-col gap-3">
        <h2 id={methodsId} className="text-lg font-semibold">
          Methods
        </h2>
        <div className={cardClass}>
          <h3 className="text-base font-semibold">Deposit method</h3>
          <p className="mt-1 mb-4 flex gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {INSTRUCTION}
          </p>
          <WhenAvailable product="crypto_deposit">
            {(forms) => (
              <CryptoRequestForm
                path="deposits"
                proofField="depositPic"
                forms={forms}
                submitLabel="Submit Deposit"
              />
            )}
          </WhenAvailable>
        </div>
      </section>
      <RequestList
        kind="deposit"
        title="Crypto Transactions"
        empty="No crypto deposits yet. Once you have paid to the address above, fill in the form and your deposit shows here with its status."
      />
    </Page>
  );
}
