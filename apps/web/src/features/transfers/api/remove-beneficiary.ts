import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, NO_CONTENT } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** Forgets a saved beneficiary (the transfers already made to it stay as they are). */
export function useRemoveBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('DELETE', `/api/v1/beneficiaries/${encodeURIComponent(id)}`, { schema: NO_CONTENT }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
