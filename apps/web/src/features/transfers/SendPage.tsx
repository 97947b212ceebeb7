import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { BANK_NAME } from '../../lib/brand';
import { queries } from '../../lib/queries';
import { RequirePin, TransferFrame, useTransferId } from './layout';
import { RecentTransfers } from './RecentTransfers';
import { TransferForm } from './TransferForm';
import { TransferLoadFailed } from './TransferLoader';

/** The spec's words for a product switched off where the customer lives. */
export const NOT_AVAILABLE = 'Not available for your region';

/**
 * The form, once what it needs has arrived: the account (its currency and balance) and, for
 * `?id=` (Edit on the review page), the transfer whose details it starts from.
 */
function SendForm() {
  const id = useTransferId();
  const availability = useQuery(queries.availability());
  const summary = useQuery(queries.accountSummary());
  const transfer = useQuery({ ...queries.transfer(id ?? ''), enabled: id !== null });

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
  if (summary.isError) {
    return (
      <LoadFailed
        error={summary.error}
        retrying={summary.isFetching}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  if (id !== null && transfer.isError) return <TransferLoadFailed query={transfer} />;
  if (!summary.data || (id !== null && !transfer.data)) {
    return <Loading label="Loading the form…" />;
  }
  const editing = id === null ? undefined : transfer.data;
  return (
    <TransferForm
      key={id ?? 'new'}
      account={summary.data}
      transfer={editing}
      editable={editing?.stage !== 'submitted'}
    />
  );
}

/**
 * send (spec): the form, then confirm and pin. Saved beneficiaries fill it; the customer's
 * transfers are listed under it with their status.
 */
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
        <RecentTransfers />
      </RequirePin>
    </TransferFrame>
  );
}
