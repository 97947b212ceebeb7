import {
  confirmFundingSchema,
  parseDecimalAmount,
  staffFundingQueueSchema,
  staffFundingRequestSchema,
  type FundingStatus,
  type StaffFundingRequest,
} from '@bank/contract';
import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tidyAmount } from '../../../components/funding/format';
import { api } from '../../../lib/api';
import { queries, queryKeys } from '../../../lib/queries';
import { fundingRequestPath as requestPath } from '../shared/funding/api';
import { usePagedList, withQuery } from '../shared/queue-pages';

/**
 * The confirm form: what staff typed as the amount received ("1,500.00", "$142.5") read into
 * minor units, then held to the contract's rule for a confirmation (more than zero, at most
 * 100,000,000.00). Nothing that fails here is sent.
 */
export const receivedAmountFormSchema = z.object({
  receivedAmount: z.string().transform((typed, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!typed.trim()) return refuse('Enter the amount that arrived');
    const minor = parseDecimalAmount(tidyAmount(typed));
    if (minor === null) return refuse('Use an amount such as 1,500.00, with at most two decimals');
    if (minor === 0n) return refuse('Nothing arrived? Decline the request instead');
    const checked = confirmFundingSchema.shape.receivedAmount.safeParse(String(minor));
    return checked.success ? minor : refuse('That amount is too large: at most 100,000,000.00');
  }),
});

/**
 * Confirm with the amount received (minor units) or decline with a reason. The answer is the
 * decided request, shown at once; either way, a refusal included (e.g. a colleague decided
 * first), the queue and the request are read again.
 */
export function useFundingDecision(id: string) {
  const queryClient = useQueryClient();
  const path = requestPath(id);
  const onSuccess = (decided: StaffFundingRequest) =>
    queryClient.setQueryData(queries.staffFundingRequest(id).queryKey, decided);
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.staffFunding });
  return {
    confirm: useMutation({
      mutationFn: (receivedAmount: bigint) =>
        api('POST', `${path}/confirm`, {
          body: { receivedAmount: receivedAmount.toString() },
          schema: staffFundingRequestSchema,
        }),
      onSuccess,
      onSettled,
    }),
    decline: useMutation({
      mutationFn: (reason: string) =>
        api('POST', `${path}/decline`, { body: { reason }, schema: staffFundingRequestSchema }),
      onSuccess,
      onSettled,
    }),
  };
}

/**
 * The requests of one status, a page at a time: waiting oldest first, decided newest decision
 * first; `q` searches the customer's name, email or a number, `amount` the claimed or received.
 */
export function useFundingQueue(status: FundingStatus, q: string | null, amount: string | null) {
  return usePagedList([...queryKeys.staffFunding, 'queue', status, q, amount], (cursor) =>
    api('GET', withQuery('/api/v1/staff/funding/queue', { status, q, amount, cursor }), {
      schema: staffFundingQueueSchema,
    }),
  );
}
