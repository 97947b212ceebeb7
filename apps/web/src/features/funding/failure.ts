import type { QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import type { Outcome } from './OutcomeBanner';

/**
 * The spec's error banner, "Something went wrong!", with the reason when there is one: what the
 * server said about the first field it refused (also shown on that field), else its detail.
 */
export function failureOutcome(error: unknown, fieldMessage?: string): Outcome {
  const reason = fieldMessage ?? errorMessage(error, '');
  return { tone: 'error', head: 'Something went wrong!', ...(reason ? { body: reason } : {}) };
}

/**
 * What a refusal says about the page around the form: a 401 is a session that ended (the guard
 * then takes the customer to sign-in), a 403 a product switched off for the region meanwhile
 * (the page then says so instead of the form).
 */
export function onRefusal(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  if (error.status === 403) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.availability });
  }
}
