import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function fetchDocumentTypes(): Promise<string[]> {
  const { documentTypes } = await api<{ documentTypes: string[] }>(
    'GET',
    '/api/v1/kyc/document-types',
  );
  return documentTypes;
}

export function useDocumentTypes() {
  return useQuery({ queryKey: ['kyc', 'document-types'], queryFn: fetchDocumentTypes });
}
