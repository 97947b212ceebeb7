import { INSUFFICIENT_BALANCE, type Transfer, type TransferNotice } from '@bank/contract';
import { Pencil, UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { errorMessage } from '../../lib/api';
import { useConfirmTransfer } from './api/transfer-steps';
import { flowPath, RequirePin, TransferFrame, useTransferId } from './layout';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { AlreadySent, AmountBreakdown, RecipientDetails } from './TransferDetails';
import { TransferLoader } from './TransferLoader';

/** What the payee check said, on the review of a payment to a customer of this bank. */
function PayeeCheckNote({ transfer }: { transfer: Transfer }) {
  const check = transfer.payeeCheck;
  if (!check) return null;
  const typed = `The name you typed (“${check.typedName}”)`;
  const words = {
    match: `${typed} matches the account holder’s, ${transfer.accountHolderName}.`,
    close_match: `${typed} is close to the account holder’s, and you confirmed that ${transfer.accountHolderName} is the person you mean to pay.`,
    no_match: `${typed} does not match the account holder’s: you confirmed that you checked ${transfer.accountHolderName} is the person you mean to pay.`,
  }[check.match];
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border-l-4 p-3 text-sm ${
        check.match === 'match'
          ? 'border-green-700 bg-green-50 dark:bg-green-950'
          : check.match === 'close_match'
            ? 'border-amber-600 bg-amber-50 dark:bg-amber-950'
            : 'border-red-700 bg-red-50 dark:bg-red-950'
      }`}
    >
      <UserCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {words}
    </p>
  );
}

/**
 * The review (spec: confirm): the server's charge and the amount received, the recipient, and
 * Confirm, disabled with "Insufficient balance" when the balance does not cover the amount.
 * Edit goes back to the form with these details.
 */
function Review({ transfer }: { transfer: Transfer }) {
  const navigate = useNavigate();
  const confirm = useConfirmTransfer(transfer.id);
  const refusalNotice = useRefusalNotice();
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const shortId = useId();

  if (transfer.stage === 'submitted') return <AlreadySent transfer={transfer} />;

  const toPin = () => void navigate(flowPath.pin(transfer.id));
  const onConfirm = () => {
    // Confirmed already (the customer came back from the PIN page): nothing to confirm again.
    if (transfer.stage !== 'draft') return toPin();
    confirm.mutate(undefined, {
      // Still a draft: the plan's charge changed since the form was sent, and the page now
      // shows the new figures to be confirmed.
      onSuccess: (confirmed) => (confirmed.stage === 'draft' ? undefined : toPin()),
      onError: (error) => setNotice(refusalNotice(error)),
    });
  };
  const short = !transfer.sufficientBalance;

  return (
    <>
      <AmountBreakdown transfer={transfer} />
      {short && (
        <div id={shortId}>
          <Banner tone="error">
            <strong>{INSUFFICIENT_BALANCE}</strong>. Your available balance is{' '}
            {money(transfer.availableBalance, transfer.currency)}. Edit the amount, or{' '}
            <Link to="/dashboard/add-funds" className="font-semibold underline">
              add funds
            </Link>{' '}
            first.
          </Banner>
        </div>
      )}
      <PayeeCheckNote transfer={transfer} />
      <RecipientDetails transfer={transfer} />
      {confirm.isSuccess && transfer.stage === 'draft' && (
        <Banner tone="warning">
          <strong>Your service charge changed.</strong> Your plan changed since you started this
          transfer: check the new figures above, then confirm again.
        </Banner>
      )}
      {confirm.isError && !notice && (
        <Banner tone="error">{errorMessage(confirm.error, 'Something went wrong')}</Banner>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink variant="secondary" to={flowPath.edit(transfer.id)} className="gap-2">
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </ButtonLink>
        <Button
          onClick={onConfirm}
          disabled={short}
          loading={confirm.isPending}
          aria-describedby={short ? shortId : undefined}
        >
          Confirm
        </Button>
      </div>
      <NoticeDialog notice={notice} onOkay={() => void navigate(flowPath.edit(transfer.id))} />
    </>
  );
}

/** send/confirm?id= (spec: confirm). Without a transfer to review, the form. */
export function ConfirmTransferPage() {
  const id = useTransferId();
  if (!id) return <Navigate to="/dashboard/send" replace />;
  return (
    <TransferFrame
      title="Confirm transfer"
      step={1}
      width="max-w-2xl"
      intro="Check the amount, the service charge and the recipient before you confirm."
    >
      <RequirePin>
        <TransferLoader id={id}>{(transfer) => <Review transfer={transfer} />}</TransferLoader>
      </RequirePin>
    </TransferFrame>
  );
}
