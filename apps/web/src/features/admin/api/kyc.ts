import type { KycQueueItem, KycSubmission } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KYC_KEY = ['admin', 'kyc'] as const;

export function useKycQueue() {
  return useQuery({
    queryKey: [...KYC_KEY, 'queue'],
    queryFn: async () =>
      (await api<{ items: KycQueueItem[] }>('GET', '/api/v1/staff/kyc/queue')).items,
  });
}

export function useKycSubmission(id: string) {
  return useQuery({
    queryKey: [...KYC_KEY, 'submission', id],
    queryFn: () =>
      api<KycSubmission>('GET', `/api/v1/staff/kyc/submissions/${encodeURIComponent(id)}`),
  });
}

/** The address of one document of a submission; the server audits every view. */
export function documentUrl(id: string, role: string): string {
  return `/api/v1/staff/kyc/submissions/${encodeURIComponent(id)}/documents/${role}`;
}

/** Approve or decline; either way the queue and the submission are read again. */
export function useKycDecision(id: string) {
  const queryClient = useQueryClient();
  const path = `/api/v1/staff/kyc/submissions/${encodeURIComponent(id)}`;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KYC_KEY });
  return {
    approve: useMutation({
      mutationFn: () => api<{ accountNumber: string }>('POST', `${path}/approve`),
      onSuccess,
    }),
    decline: useMutation({
      mutationFn: (reason: string) =>
        api<{ status: 'declined' }>('POST', `${path}/decline`, { reason }),
      onSuccess,
    }),
  };
}
