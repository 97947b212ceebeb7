import {
  kycQueueSchema,
  kycSubmissionSchema,
  type KycQueueItem,
  type KycSubmission,
} from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KYC_KEY = ['admin', 'kyc'] as const;

export function useKycQueue() {
  return useQuery({
    queryKey: [...KYC_KEY, 'queue'],
    queryFn: async (): Promise<KycQueueItem[]> =>
      kycQueueSchema.parse(await api<unknown>('GET', '/api/v1/staff/kyc/queue')).items,
  });
}

export function useKycSubmission(id: string) {
  return useQuery({
    queryKey: [...KYC_KEY, 'submission', id],
    queryFn: async (): Promise<KycSubmission> =>
      kycSubmissionSchema.parse(
        await api<unknown>('GET', `/api/v1/staff/kyc/submissions/${encodeURIComponent(id)}`),
      ),
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
  // Read again after any answer: a refusal (e.g. decided meanwhile by a colleague) changes the page too.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: KYC_KEY });
  return {
    approve: useMutation({
      mutationFn: () => api<{ accountNumber: string }>('POST', `${path}/approve`),
      onSettled,
    }),
    decline: useMutation({
      mutationFn: (reason: string) =>
        api<{ status: 'declined' }>('POST', `${path}/decline`, { reason }),
      onSettled,
    }),
  };
}
