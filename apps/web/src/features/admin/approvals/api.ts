import {
  approvalListSchema,
  approvalSchema,
  type Approval,
  type ApprovalStatus,
} from '@bank/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { auditedFileQuery } from '../shared/file-query';
import { withQuery } from '../shared/queue-pages';

const BASE = '/api/v1/staff/approvals';
/** Everything of the inbox (lists and proposals); the overview counts what waits. */
const APPROVALS_KEY = ['staff', 'approvals'] as const;
const OVERVIEW_KEY = ['staff', 'overview'] as const;

const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The inbox's tabs: what waits for me, what I proposed, everything I may see. */
export const VIEWS = ['waiting', 'mine', 'all'] as const;
export type InboxView = (typeof VIEWS)[number];

/** The inbox's filters as the address holds them (empty ones left out). */
export interface InboxFilter {
  view: InboxView;
  status: ApprovalStatus;
  kind: string | null;
  /** Minor units. */
  minAmount: string | null;
  maxAmount: string | null;
  proposer: string | null;
  olderThanHours: string | null;
}

/** The proposals of a tab and its filters (the server keeps at most 200, waiting oldest first). */
export function useApprovalList(filter: InboxFilter) {
  return useQuery({
    queryKey: [...APPROVALS_KEY, 'list', filter],
    queryFn: () =>
      api('GET', withQuery(BASE, { ...filter }), {
        schema: approvalListSchema,
      }),
  });
}

export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: [...APPROVALS_KEY, 'one', id],
    queryFn: () => api('GET', path(id), { schema: approvalSchema }),
  });

/** The evidence file, fetched once as a blob (every fetch is audited). */
export const evidenceQuery = (id: string) =>
  auditedFileQuery(['staff', 'approval-evidence', id], `${path(id)}/evidence`);

/**
 * Approve (with an optional note), reject (with a note) or withdraw one's own. The answer is the
 * decided proposal, shown at once; whatever the answer, the inbox and the overview are read again.
 */
export function useApprovalDecision(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (decided: Approval) =>
    queryClient.setQueryData(approvalQuery(id).queryKey, decided);
  const onSettled = async () => {
    await queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
    await queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
    // A confirmation carried out changes the funding request shown beside it (and its queue).
    await queryClient.invalidateQueries({ queryKey: queryKeys.staffFunding });
  };
  return {
    approve: useMutation({
      mutationFn: (note: string) =>
        api('POST', `${path(id)}/approve`, {
          body: note.trim() ? { note: note.trim() } : {},
          schema: approvalSchema,
        }),
      onSuccess,
      onSettled,
    }),
    reject: useMutation({
      mutationFn: (note: string) =>
        api('POST', `${path(id)}/reject`, { body: { note }, schema: approvalSchema }),
      onSuccess,
      onSettled,
    }),
    withdraw: useMutation({
      mutationFn: () => api('POST', `${path(id)}/withdraw`, { schema: approvalSchema }),
      onSuccess,
      onSettled,
    }),
  };
}
