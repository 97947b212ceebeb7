import { fundingPaidSchema, type FundingRequest, type TransferNotice } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { money } from '../../components/funding/format';
import { useRefusalNotice } from '../../components/ui/NoticeDialog';
import { api } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { queries, queryKeys } from '../../lib/queries';
import { failureOutcome, onRefusal } from './failure';
import type { Outcome } from './OutcomeBanner';

/** A new key per attempt: a retried request (same key) never pays twice. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The available balance as the balance forms show it, with its loading and failed states. */
export function AvailableBalance() {
  const summary = useQuery(queries.accountSummary());
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <Wallet aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>
        Available balance:{' '}
        <strong className="text-slate-900 dark:text-slate-50">
          {summary.data
            ? money(summary.data.availableBalance, summary.data.currency)
            : summary.isError
              ? 'could not be loaded'
              : 'loading…'}
        </strong>
      </span>
    </p>
  );
}

/** The available balance in minor units, once known (null before and on failure). */
export function useAvailableBalance(): bigint | null {
  const summary = useQuery(queries.accountSummary());
  return summary.data ? BigInt(summary.data.availableBalance) : null;
}

/**
 * A payment to the bank from the available balance (a payment or an upgrade): sent once per key
 * (a new key after each success or change of what is paid), and what the answer says: done, a
 * refusal on a field, or the notice dialog of an account on hold. Every read the payment
 * changes is refreshed: the balance, the requests, the plan, the notifications.
 */
export function useBalancePayment<F extends string>(
  path: '/api/v1/funding/payments/from-balance' | '/api/v1/funding/upgrades/from-balance',
  fields: readonly F[],
  onPaid: (request: FundingRequest) => void,
) {
  const queryClient = useQueryClient();
  const refusalNotice = useRefusalNotice();
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<(Outcome & { id: number }) | null>(null);
  const [notice, setNotice] = useState<TransferNotice | null>(null);

  const pay = useMutation({
    mutationFn: (body: Record<string, string>) =>
      api('POST', path, { body: { ...body, idempotencyKey: key }, schema: fundingPaidSchema }),
    onSuccess: ({ request }) => {
      setErrors({});
      setFailure(null);
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: queryKeys.funding });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      onPaid(request);
    },
    onError: (error) => {
      onRefusal(queryClient, error);
      const told = refusalNotice(error);
      if (told) {
        setErrors({});
        setNotice(told);
        return;
      }
      const found = fieldErrorsIn(error, fields) as Partial<Record<F, string>>;
      setErrors(found);
      const first = fields.find((f) => found[f]);
      setFailure((last) => ({
        ...failureOutcome(error, first && found[first]),
        id: (last?.id ?? 0) + 1,
      }));
    },
  });

  return {
    pay,
    errors,
    setErrors,
    failure,
    clearFailure: () => setFailure(null),
    notice,
    closeNotice: () => setNotice(null),
    /** What is paid changed: a new attempt, with a new key. */
    changed: () => setKey(newKey()),
  };
}
