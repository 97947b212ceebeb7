import { invitationPreviewSchema, messageSchema } from '@bank/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Who the emailed staff invitation is for. The token goes in a POST body, never in an API
 * address; it is kept in memory only while the page is open.
 */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'staff-invitation', token],
    queryFn: () =>
      api('POST', '/api/v1/auth/staff-invitation', {
        body: { token },
        schema: invitationPreviewSchema,
      }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Chooses the password: the invitation is accepted, once. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      api('POST', '/api/v1/auth/staff-invitation/accept', {
        body: { token, password },
        schema: messageSchema,
      }),
  });
}
