import { catalogProposalSchema, institutionDetailsSchema } from '@bank/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/queries';

/** The four lists of the funding catalog, as they sit under /api/v1/staff/catalog/. */
export type CatalogSection =
  'crypto-types' | 'payment-purposes' | 'fixed-deposit-plans' | 'account-plans';

const pathOf = (section: CatalogSection, id?: string) =>
  `/api/v1/staff/catalog/${section}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/**
 * After any answer, refusals included: a colleague may have changed the catalog meanwhile, and a
 * change may now wait for a second person.
 */
function useReadAgain(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.staffCatalogPending }),
    ]);
}

/** The entry as changed (one person's change), or the proposal a second person approves (202). */
const entryOrProposal = <T>(schema: z.ZodType<T>) => z.union([catalogProposalSchema, schema]);

/**
 * Adds an entry, offered to customers at once, or (crypto types, plans) proposed for a second
 * person; `body` as the section's input schema reads it.
 */
export function useAddCatalogEntry<T>(
  section: CatalogSection,
  schema: z.ZodType<T>,
  listKey: QueryKey,
) {
  const onSettled = useReadAgain(listKey);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api('POST', pathOf(section), { body, schema: entryOrProposal(schema) }),
    onSettled,
  });
}

/** Replaces an entry's fields; requests already made keep what they recorded. */
export function useEditCatalogEntry<T>(
  section: CatalogSection,
  schema: z.ZodType<T>,
  listKey: QueryKey,
) {
  const onSettled = useReadAgain(listKey);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api('PUT', pathOf(section, id), { body, schema: entryOrProposal(schema) }),
    onSettled,
  });
}

/** Retires an entry (no form offers it any more) or offers a retired one again. */
export function useSetCatalogEntryOffered<T>(
  section: CatalogSection,
  schema: z.ZodType<T>,
  listKey: QueryKey,
) {
  const onSettled = useReadAgain(listKey);
  return useMutation({
    mutationFn: ({ id, offered }: { id: string; offered: boolean }) =>
      api('POST', `${pathOf(section, id)}/${offered ? 'restore' : 'retire'}`, {
        schema: entryOrProposal(schema),
      }),
    onSettled,
  });
}

/** Proposes the bank's receiving details for a second person; null takes one away (n/a). */
export function useSaveInstitutionDetails() {
  const onSettled = useReadAgain(queryKeys.staffInstitution);
  return useMutation({
    mutationFn: (body: {
      swiftCode: string | null;
      routingNumber: string | null;
      country: string | null;
    }) =>
      api('PUT', '/api/v1/staff/catalog/institution', {
        body,
        schema: entryOrProposal(institutionDetailsSchema),
      }),
    onSettled,
  });
}
