import type { Beneficiary, Transfer, TransferTerms } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { percent } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { BANK_NAME } from '../../lib/brand';
import { queries } from '../../lib/queries';
import { CedarTransferForm } from './CedarTransferForm';
import { RequirePin, TransferFrame, useTransferId } from './layout';
import { PayeeKindChoice, type PayeeKind } from './PayeeKindChoice';
import { RecentTransfers } from './RecentTransfers';
import { SavedBeneficiaries } from './SavedBeneficiaries';
import { TransferForm, type SendFormHandle } from './TransferForm';
import { TransferLoadFailed } from './TransferLoader';
import { atThisBank } from './transfer-form';

/** The spec's words for a product switched off where the customer lives. */
export const NOT_AVAILABLE = 'Not available for your region';

/** The transfer to send again (`?again=`, from a transfer's detail), or null. */
function useAgainId(): string | null {
  const [params] = useSearchParams();
  return params.get('again') || null;
}

/**
 * The two forms, one at a time: to another bank, and to a customer of this bank by account
 * number. A saved beneficiary fills the one its bank belongs to.
 */
function SendForms({
  terms,
  transfer,
  editable,
  again,
}: {
  terms: TransferTerms;
  transfer?: Transfer | undefined;
  editable: boolean;
  again: boolean;
}) {
  const bank = terms.bank;
  const startsInside = transfer !== undefined && bank !== null && atThisBank(transfer.swift, terms);
  const [kind, setKind] = useState<PayeeKind>(startsInside ? 'cedar' : 'other');
  const other = useRef<SendFormHandle>(null);
  const cedar = useRef<SendFormHandle>(null);

  const use = (beneficiary: Beneficiary) => {
    const to: PayeeKind = bank && atThisBank(beneficiary.swift, terms) ? 'cedar' : 'other';
    // Shown first (at once), so that the form is there to fill and put the focus in.
    flushSync(() => setKind(to));
    (to === 'cedar' ? cedar : other).current?.fill(beneficiary);
  };

  return (
    <>
      {transfer && !editable && (
        <Banner tone="info">
          {again
            ? `Sending again to ${transfer.accountHolderName}: the details of that transfer are filled in.`
            : 'That transfer was already sent. These are its details: continue to make a new transfer with them.'}
          {kind === 'cedar' ? ' Check the account, then the amount, and continue.' : ''}
        </Banner>
      )}
      <SavedBeneficiaries onUse={use} />
      <PayeeKindChoice
        value={kind}
        onChange={setKind}
        cedarAvailable={bank !== null}
        otherBankCharge={percent(terms.serviceChargeBp)}
      />
      {kind === 'cedar' && bank ? (
        <CedarTransferForm
          ref={cedar}
          terms={terms}
          bank={bank}
          transfer={startsInside ? transfer : undefined}
          editable={editable}
        />
      ) : (
        <TransferForm
          ref={other}
          terms={terms}
          transfer={startsInside ? undefined : transfer}
          editable={editable}
        />
      )}
    </>
  );
}

/**
 * The forms, once what they need has arrived: the charges, balance and limits, and for `?id=`
 * (Edit on the review page) or `?again=` (Send again) the transfer they start from.
 */
function SendForm() {
  const id = useTransferId();
  const again = useAgainId();
  const from = id ?? again;
  const availability = useQuery(queries.availability());
  const terms = useQuery(queries.transferTerms());
  const transfer = useQuery({ ...queries.transfer(from ?? ''), enabled: from !== null });

  if (availability.data && !availability.data.bank_transfer) {
    return (
      <p
        role="status"
        className="flex items-center gap-3 rounded-lg bg-slate-100 px-4 py-3 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
      >
        <Globe aria-hidden="true" className="h-5 w-5 shrink-0" />
        {NOT_AVAILABLE}
      </p>
    );
  }
  if (terms.isError) {
    return (
      <LoadFailed
        error={terms.error}
        retrying={terms.isFetching}
        onRetry={() => void terms.refetch()}
      />
    );
  }
  if (from !== null && transfer.isError) return <TransferLoadFailed query={transfer} />;
  if (!terms.data || (from !== null && !transfer.data)) {
    return <Loading label="Loading the form…" />;
  }
  const start = from === null ? undefined : transfer.data;
  return (
    <SendForms
      key={from ?? 'new'}
      terms={terms.data}
      transfer={start}
      editable={id !== null && start?.stage !== 'submitted'}
      again={id === null && again !== null}
    />
  );
}

/**
 * send (spec): the form, then confirm and pin. Two ways to pay: another bank's account (the
 * spec's form), or another customer of this bank by account number. Saved beneficiaries fill
 * them; the customer's transfers are listed under them with their status.
 */
/**
 * The recent transfers, shown once the form above them is: a list drawn first would be pushed
 * down the page when the form arrived (issue 20: layout shift). Its read starts at once.
 */
function RecentTransfersBelowTheForm() {
  const terms = useQuery(queries.transferTerms());
  useQuery(queries.transfers());
  return terms.data || terms.isError ? <RecentTransfers /> : null;
}

export function SendPage() {
  return (
    <TransferFrame
      title="Bank Transfer"
      step={0}
      width="max-w-3xl"
      intro={`Send money to an account at another bank, or to another ${BANK_NAME} customer.`}
    >
      <RequirePin>
        <SendForm />
        <RecentTransfersBelowTheForm />
      </RequirePin>
    </TransferFrame>
  );
}
