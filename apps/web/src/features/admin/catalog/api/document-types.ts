import { documentTypeListSchema, documentTypeSchema, type DocumentType } from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const DOCUMENT_TYPES_KEY = ['admin', 'catalog', 'document-types'] as const;
const PATH = '/api/v1/staff/catalog/document-types';

/** Every document type, offered or retired, in the order added. */
export function useDocumentTypes() {
  return useQuery({
    queryKey: DOCUMENT_TYPES_KEY,
    queryFn: async (): Promise<DocumentType[]> =>
      documentTypeListSchema.parse(await api<unknown>('GET', PATH)).items,
  });
}

function useReadListAgain() {
  const queryClient = useQueryClient();
  // After any answer, refused ones included: a colleague may have changed the catalog meanwhile.
  return () => queryClient.invalidateQueries({ queryKey: DOCUMENT_TYPES_KEY });
}

/** Adds a type, offered to customers at once; `name` as checked by `newDocumentTypeSchema`. */
export function useAddDocumentType() {
  const onSettled = useReadListAgain();
  return useMutation({
    mutationFn: async (input: { name: string }): Promise<DocumentType> =>
      documentTypeSchema.parse(await api<unknown>('POST', PATH, input)),
    onSettled,
  });
}

/** Retires a type (customers no longer see it) or offers a retired one again. */
export function useSetDocumentTypeOffered() {
  const onSettled = useReadListAgain();
  return useMutation({
    mutationFn: async ({ id, offered }: { id: string; offered: boolean }): Promise<DocumentType> =>
      documentTypeSchema.parse(
        await api<unknown>(
          'POST',
          `${PATH}/${encodeURIComponent(id)}/${offered ? 'restore' : 'retire'}`,
        ),
      ),
    onSettled,
  });
}
