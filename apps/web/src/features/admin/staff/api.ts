import {
  secondFactorResetProposedSchema,
  staffInvitationListSchema,
  staffInvitationSchema,
  staffMemberDetailSchema,
  staffMemberListSchema,
  staffMemberSchema,
  staffRoleListSchema,
  type InviteStaffRequest,
  type MemberStatus,
  type StaffMember,
} from '@bank/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, NO_CONTENT } from '../../../lib/api';

/**
 * Staff management: the roles, the staff, one staff member, the invitations, under one prefix.
 * Kept with the area: nothing outside it reads them.
 */
export const staffTeamKey = ['staff', 'team'] as const;

const TEAM = '/api/v1/staff/team';
const memberPath = (id: string) => `${TEAM}/members/${encodeURIComponent(id)}`;
const invitationPath = (id: string) => `${TEAM}/invitations/${encodeURIComponent(id)}`;

export type MemberFilter = MemberStatus | 'all';

export const staffTeamQueries = {
  roles: () =>
    queryOptions({
      queryKey: [...staffTeamKey, 'roles'],
      queryFn: async () =>
        (await api('GET', `${TEAM}/roles`, { schema: staffRoleListSchema })).items,
      staleTime: 5 * 60_000,
    }),
  /** The staff of one status, narrowed to a role or a name or address when given. */
  members: (filter: { status: MemberFilter; q?: string; role?: string }) =>
    queryOptions({
      queryKey: [...staffTeamKey, 'members', filter],
      queryFn: async () => {
        const query = new URLSearchParams({ status: filter.status });
        if (filter.q) query.set('q', filter.q);
        if (filter.role) query.set('role', filter.role);
        return (
          await api('GET', `${TEAM}/members?${query.toString()}`, {
            schema: staffMemberListSchema,
          })
        ).items;
      },
    }),
  member: (id: string) =>
    queryOptions({
      queryKey: [...staffTeamKey, 'member', id],
      queryFn: () => api('GET', memberPath(id), { schema: staffMemberDetailSchema }),
    }),
  invitations: () =>
    queryOptions({
      queryKey: [...staffTeamKey, 'invitations'],
      queryFn: async () =>
        (await api('GET', `${TEAM}/invitations`, { schema: staffInvitationListSchema })).items,
    }),
};

/** Every change reads the staff pages again (a refusal too: someone may have acted first). */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffTeamKey }),
  });
}

export function useInviteStaff() {
  return useTeamMutation((body: InviteStaffRequest) =>
    api('POST', `${TEAM}/invitations`, { body, schema: staffInvitationSchema }),
  );
}

export function useInvitationActions() {
  return {
    resend: useTeamMutation((id: string) =>
      api('POST', `${invitationPath(id)}/resend`, { schema: staffInvitationSchema }),
    ),
    revoke: useTeamMutation((id: string) =>
      api('POST', `${invitationPath(id)}/revoke`, { schema: NO_CONTENT }),
    ),
  };
}

/** What an administrator does to a staff member; each answers the member as they now stand. */
export function useMemberActions(id: string) {
  return {
    changeRoles: useTeamMutation(
      (body: { roles: string[]; reason: string }): Promise<StaffMember> =>
        api('PUT', `${memberPath(id)}/roles`, { body, schema: staffMemberSchema }),
    ),
    deactivate: useTeamMutation((reason: string) =>
      api('POST', `${memberPath(id)}/deactivate`, { body: { reason }, schema: staffMemberSchema }),
    ),
    reactivate: useTeamMutation((reason: string) =>
      api('POST', `${memberPath(id)}/reactivate`, { body: { reason }, schema: staffMemberSchema }),
    ),
    proposeReset: useTeamMutation((reason: string) =>
      api('POST', `${memberPath(id)}/second-factor-reset`, {
        body: { reason },
        schema: secondFactorResetProposedSchema,
      }),
    ),
  };
}
