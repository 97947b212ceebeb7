import {
  dualControlSettingsSchema,
  parseDecimalAmount,
  proposedSchema,
  proposeThresholdSchema,
} from '@bank/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { tidyAmount } from '../../../components/funding/format';
import { api } from '../../../lib/api';

/** The bank's settings (staff.manage): the dual-control threshold, changed by proposal only. */
export const bankSettingsKey = ['staff', 'bank-settings'] as const;
const PATH = '/api/v1/staff/settings/dual-control';

export const dualControlQuery = () =>
  queryOptions({
    queryKey: [...bankSettingsKey, 'dual-control'],
    queryFn: () => api('GET', PATH, { schema: dualControlSettingsSchema }),
  });

/**
 * The form: the new threshold as typed ("2,500.00") read into minor units and held to the
 * contract's rule (more than zero, at most 100,000,000.00), and a reason for the approver.
 */
export const thresholdFormSchema = z.object({
  threshold: z.string().transform((typed, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!typed.trim()) return refuse('Enter the new threshold');
    const minor = parseDecimalAmount(tidyAmount(typed));
    if (minor === null) return refuse('Use an amount such as 2,500.00, with at most two decimals');
    const checked = proposeThresholdSchema.shape.threshold.safeParse(String(minor));
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? 'Not an amount');
    return minor;
  }),
  reason: proposeThresholdSchema.shape.reason,
});

/** Proposes a new threshold; the answer is the proposal to follow under Approvals. */
export function useProposeThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { threshold: bigint; reason: string }) =>
      api('POST', PATH, {
        body: { threshold: body.threshold.toString(), reason: body.reason },
        schema: proposedSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankSettingsKey }),
  });
}
