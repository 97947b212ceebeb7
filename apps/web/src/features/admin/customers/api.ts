import {
  customerActionResultSchema,
  customerAuditPageSchema,
  customerFixedDepositsSchema,
  customerFundingPageSchema,
  customerLedgerPageSchema,
  customerNotePageSchema,
  customerNoteSchema,
  customerSearchPageSchema,
  customerSessionListSchema,
  customerTransferPageSchema,
  notificationPageSchema,
  staffCustomerSchema,
  type CustomerActionResult,
} from '@bank/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/**
 * The back office's customers (customers.manage): the search, the customer page and its
 * sections, the actions. Kept with the area: nothing outside it reads them.
 */
export const staffCustomersKey = ['staff', 'customers'] as const;

const BASE = '/api/v1/staff/customers';
const PAGE = 20;

export function customerPath(id: string): string {
  return `${BASE}/${encodeURIComponent(id)}`;
}

/** `path` with the query `params`, empty ones left out. */
function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A list read a page at a time, newest first: the next page by the cursor of the last. */
function pagedList<T extends { nextCursor: string | null }>(
  key: readonly unknown[],
  path: (cursor: string | null) => string,
  schema: z.ZodType<T>,
) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => api('GET', path(pageParam), { schema }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The lists of the customer page, each read when its section is opened. */
type Section = 'funding-requests' | 'transfers' | 'notifications' | 'notes' | 'audit';
const SECTION_SCHEMAS = {
  'funding-requests': customerFundingPageSchema,
  transfers: customerTransferPageSchema,
  notifications: notificationPageSchema,
  notes: customerNotePageSchema,
  audit: customerAuditPageSchema,
} as const;

export const customerQueries = {
  /** One search box; an empty one lists every customer, newest first. */
  search: (q: string) =>
    infiniteQueryOptions({
      ...pagedList(
        [...staffCustomersKey, 'search', q],
        (cursor) => withQuery(BASE, { q, cursor, limit: String(PAGE) }),
        customerSearchPageSchema,
      ),
      // The results of the last search stay while the next one loads.
      placeholderData: keepPreviousData,
    }),
  customer: (id: string) =>
    queryOptions({
      queryKey: [...staffCustomersKey, id],
      queryFn: () => api('GET', customerPath(id), { schema: staffCustomerSchema }),
    }),
  ledger: (id: string, account: string | null) =>
    pagedList(
      [...staffCustomersKey, id, 'ledger', account],
      (cursor) => withQuery(`${customerPath(id)}/ledger`, { account, cursor, limit: String(PAGE) }),
      customerLedgerPageSchema,
    ),
  list: <S extends Section>(id: string, section: S) =>
    pagedList(
      [...staffCustomersKey, id, section],
      (cursor) => withQuery(`${customerPath(id)}/${section}`, { cursor, limit: String(PAGE) }),
      SECTION_SCHEMAS[section] as unknown as z.ZodType<z.infer<(typeof SECTION_SCHEMAS)[S]>>,
    ),
  fixedDeposits: (id: string) =>
    queryOptions({
      queryKey: [...staffCustomersKey, id, 'fixed-deposits'],
      queryFn: () =>
        api('GET', `${customerPath(id)}/fixed-deposits`, { schema: customerFixedDepositsSchema }),
    }),
  sessions: (id: string) =>
    queryOptions({
      queryKey: [...staffCustomersKey, id, 'sessions'],
      queryFn: () =>
        api('GET', `${customerPath(id)}/sessions`, { schema: customerSessionListSchema }),
    }),
};

/** The actions on a customer, by the path below the customer's. */
export type ActionPath =
  | 'restriction'
  | 'restriction/lift'
  | 'freeze'
  | 'unfreeze'
  | 'pin/unlock'
  | 'sign-out'
  | 'messages';

/**
 * One action on the customer. Its answer is the customer as they are now, shown at once; the
 * customer's lists (the audit trail, notifications, sign-ins) and the search are read again.
 */
export function useCustomerAction(id: string, action: ActionPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string>) =>
      api('POST', `${customerPath(id)}/${action}`, { body, schema: customerActionResultSchema }),
    onSuccess: (result: CustomerActionResult) => {
      queryClient.setQueryData(customerQueries.customer(id).queryKey, result.customer);
      void queryClient.invalidateQueries({ queryKey: staffCustomersKey });
    },
  });
}

/** Adds an internal note; the notes and the audit trail are read again. */
export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api('POST', `${customerPath(id)}/notes`, { body: { body }, schema: customerNoteSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...staffCustomersKey, id] }),
  });
}
