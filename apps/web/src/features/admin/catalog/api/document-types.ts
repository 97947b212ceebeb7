import { documentTypeSchema } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/queries';

const PATH = '/api/v1/staff/catalog/document-types';

function useReadListAgain() {
  const queryClient = useQueryClient();
  // After any answer, refused ones included: a colleague may have changed the catalog meanwhile.
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.staffDocumentTypes });
}

/** Adds a type, offered to customers at once; `name` as checked by `newDocumentTypeSchema`. */
export function useAddDocumentType() {
  const onSettled = useReadListAgain();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      api('POST', PATH, { body: input, schema: documentTypeSchema }),
    onSettled,
  });
}

/** Retires a type (customers no longer see it) or offers a retired one again. */
export function useSetDocumentTypeOffered() {
  const onSettled = useReadListAgain();
  return useMutation({
    mutationFn: ({ id, offered }: { id: string; offered: boolean }) =>
      api('POST', `${PATH}/${encodeURIComponent(id)}/${offered ? 'restore' : 'retire'}`, {
        schema: documentTypeSchema,
      }),
    onSettled,
  });
}
