import {
  fixedDepositSchema,
  fundingPaidSchema,
  PIN_NOT_CREATED,
  type TransferNotice,
} from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { money } from '../../components/funding/format';
import { useRefusalNotice } from '../../components/ui/NoticeDialog';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api';
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

/** The three payments out of the balance, each with the answer its endpoint gives. */
export const PAYMENT_FROM_BALANCE = {
  path: '/api/v1/funding/payments/from-balance',
  schema: fundingPaidSchema,
} as const;
export const UPGRADE_FROM_BALANCE = {
  path: '/api/v1/funding/upgrades/from-balance',
  schema: fundingPaidSchema,
} as const;
export const FIXED_DEPOSIT_FROM_BALANCE = {
  path: '/api/v1/fixed-deposits',
  schema: fixedDepositSchema,
} as const;

/**
 * Refusals the PIN step answers itself (TransactionPinForm): the PIN, its pause, a PIN not yet
 * created, a lost connection (the same key is sent again), too many tries, a server failure.
 * Anything else is about what is paid, and goes back to the form.
 */
function aboutThePin(error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return true;
  if (fields.some((field) => error.fieldErrors[field])) return false;
  return (
    error.fieldErrors.pin !== undefined ||
    error.code === 'PIN_LOCKED' ||
    error.code === 'NETWORK_ERROR' ||
    error.status === 429 ||
    error.status >= 500 ||
    error.detail === PIN_NOT_CREATED
  );
}

/**
 * A payment out of the available balance (a payment, an upgrade, a fixed deposit) in two steps:
 * the form, then the review, which states what will be paid and asks for the transaction PIN
 * before anything moves. Sent once per key (a new key after each success or change of what is
 * paid; a wrong PIN keeps it). A refusal of the PIN stays with the PIN step; one of what is paid
 * goes back to the form, on its fields or in its banner; an account on hold opens the notice
 * dialog. Every read the payment changes is refreshed: the balance, the requests, the deposits,
 * the plan, the notifications.
 */
export function useBalancePayment<T, F extends string>({
  endpoint,
  fields,
  focus,
  onPaid,
}: {
  /** Where it is sent, and the answer's schema. */
  endpoint: { path: string; schema: z.ZodType<T> };
  /** The form's fields, in order: where the server's objections land. */
  fields: readonly F[];
  /** Puts the focus on a field of the form (the first the server objected to). */
  focus: (field: F) => void;
  onPaid: (answer: T) => void;
}) {
  const queryClient = useQueryClient();
  const refusalNotice = useRefusalNotice();
  const [key, setKey] = useState(newKey);
  /** What is being reviewed: the body sent with the PIN (null: the form is shown). */
  const [review, setReview] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<(Outcome & { id: number }) | null>(null);
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const pay = useMutation({
    mutationFn: (pin: string) =>
      api('POST', endpoint.path, {
        body: { ...review, idempotencyKey: key, pin },
        schema: endpoint.schema,
      }),
    onSuccess: (answer) => {
      setErrors({});
      setFailure(null);
      setReview(null);
      setKey(newKey());
      for (const queryKey of [
        queryKeys.funding,
        queryKeys.fixedDeposits,
        queryKeys.account,
        queryKeys.profile,
        queryKeys.notifications,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      onPaid(answer);
    },
  });

  /** Takes care of a refusal that is not the PIN step's: true when it did. */
  function onRefused(error: unknown): boolean {
    onRefusal(queryClient, error);
    const told = refusalNotice(error);
    if (told) {
      setErrors({});
      setReview(null);
      setNotice(told);
      return true;
    }
    if (aboutThePin(error, fields)) return false;
    const found = fieldErrorsIn(error, fields) as Partial<Record<F, string>>;
    const first = fields.find((f) => found[f]);
    setErrors(found);
    setReview(null);
    setFailure((last) => ({
      ...failureOutcome(error, first && found[first]),
      id: (last?.id ?? 0) + 1,
    }));
    if (first) setTimeout(() => focus(first));
    return true;
  }

  return {
    /** The review step, or null while the form is shown. */
    review,
    /** The form was filled in: review what will be paid, and ask for the PIN. */
    toReview: (body: Record<string, string>) => {
      setFailure(null);
      setErrors({});
      setReview(body);
    },
    /** Back from the review to the form (nothing was paid; the key is kept). */
    back: () => setReview(null),
    /** What the PIN step sends. */
    authorize: (pin: string) => pay.mutateAsync(pin),
    paying: pay.isPending,
    onRefused,
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
