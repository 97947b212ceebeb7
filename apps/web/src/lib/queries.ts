/**
 * Every read the app makes, with its key, in one place (TanStack Query's `queryOptions`). Pages
 * call `useQuery(queries.x())`; a change invalidates by the same keys, or by a prefix from
 * `queryKeys`, so no hand-typed key can miss the data it meant to refresh. The keys
 * (query-keys.ts) and the session query (session-query.ts) live in modules of their own, for
 * the entry chunk (issue 8); pages still find them here.
 */
import {
  accountSummarySchema,
  activeSessionListSchema,
  availabilitySchema,
  notificationPageSchema,
  passkeyListSchema,
  pinStatusSchema,
  profileSchema,
  productAvailabilityListSchema,
  supportContactsSchema,
  unreadCountSchema,
  documentTypeListSchema,
  accountPlanListSchema,
  cryptoTypeListSchema,
  fixedDepositListSchema,
  fixedDepositPlanListSchema,
  fixedDepositQuoteSchema,
  fundingFormsSchema,
  fundingRequestListSchema,
  institutionDetailsSchema,
  pendingCatalogChangeListSchema,
  paymentPurposeListSchema,
  receiveDetailsSchema,
  staffFundingRequestSchema,
  type FundingKind,
  kycDocumentTypesSchema,
  kycPreviousSchema,
  kycSubmissionSchema,
  mfaSetupSchema,
  secondFactorStatusSchema,
  statementChartSchema,
  statementPageSchema,
  transactionPageSchema,
  beneficiaryListSchema,
  transferListSchema,
  transferSchema,
  transferTermsSchema,
} from '@bank/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';
import { sessionQuery } from './session-query';

export { queryKeys };

const NOTIFICATIONS_PAGE = 20;
const STATEMENT_PAGE = 25;

/** `query` with `extra` appended, empty values left out. */
function withParams(query: string, extra: Record<string, string>): string {
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  return params.toString();
}

export const queries = {
  session: sessionQuery,

  accountSummary: () =>
    queryOptions({
      queryKey: queryKeys.account,
      queryFn: () => api('GET', '/api/v1/accounts/current', { schema: accountSummarySchema }),
    }),

  /**
   * The dashboard's Recent Transactions: the money on its way (pending requests, transfers in
   * progress) and the newest `limit` lines of the current account, each newest first. Under the
   * account's key, so anything that moves money (or asks for it) refreshes it.
   */
  recentTransactions: (limit: number) =>
    queryOptions({
      queryKey: [...queryKeys.account, 'transactions', { limit }],
      queryFn: async () => {
        const page = await api('GET', `/api/v1/accounts/current/transactions?limit=${limit}`, {
          schema: transactionPageSchema,
        });
        return { pending: page.pending, items: page.items };
      },
    }),

  /**
   * Statements & Report: the lines of a period and filters, newest first, a page at a time, with
   * the period's summary. `query` is the filters' query string (statementQuery): under the
   * account's key, so anything that moves money refreshes it.
   */
  statement: (query: string) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.account, 'statement', query],
      queryFn: ({ pageParam }) =>
        api(
          'GET',
          `/api/v1/statements?${withParams(query, { limit: String(STATEMENT_PAGE), cursor: pageParam })}`,
          { schema: statementPageSchema },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // A change of filters keeps the last statement on screen until the new one arrives.
      placeholderData: keepPreviousData,
    }),

  /** End-of-day balances and monthly money in and out for the same filters' period. */
  statementChart: (query: string) =>
    queryOptions({
      queryKey: [...queryKeys.account, 'statement-chart', query],
      queryFn: () =>
        api('GET', `/api/v1/statements/chart?${query}`, { schema: statementChartSchema }),
      placeholderData: keepPreviousData,
    }),

  kycDocumentTypes: () =>
    queryOptions({
      queryKey: [...queryKeys.kyc, 'document-types'],
      queryFn: async () =>
        (await api('GET', '/api/v1/kyc/document-types', { schema: kycDocumentTypesSchema }))
          .documentTypes,
    }),

  /** What the customer sent last time (null the first time), to fill the form again. */
  kycPrevious: () =>
    queryOptions({
      queryKey: [...queryKeys.kyc, 'previous'],
      queryFn: async () =>
        (await api('GET', '/api/v1/kyc/previous', { schema: kycPreviousSchema })).previous,
      // Read once per visit: refreshing it could overwrite what the customer is typing.
      staleTime: Infinity,
    }),

  staffKycSubmission: (id: string) =>
    queryOptions({
      queryKey: [...queryKeys.staffKyc, 'submission', id],
      queryFn: () =>
        api('GET', `/api/v1/staff/kyc/submissions/${encodeURIComponent(id)}`, {
          schema: kycSubmissionSchema,
        }),
    }),

  /** Every document type, offered or retired, in the order added. */
  staffDocumentTypes: () =>
    queryOptions({
      queryKey: queryKeys.staffDocumentTypes,
      queryFn: async () =>
        (
          await api('GET', '/api/v1/staff/catalog/document-types', {
            schema: documentTypeListSchema,
          })
        ).items,
    }),

  /**
   * A new authenticator key for a staff member's first sign-in. A POST read like a query, so
   * that a page mounted twice (strict mode, a remount) shows one key, not two racing ones;
   * never refreshed behind the person's back (each call makes a new key), and forgotten the
   * moment no page shows it (the key is a secret).
   */
  mfaSetup: () =>
    queryOptions({
      queryKey: queryKeys.mfaSetup,
      queryFn: () => api('POST', '/api/v1/auth/mfa/setup', { schema: mfaSetupSchema }),
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    }),

  /** Two-step sign-in (decision 33): which second factor is on, since when, codes left. */
  secondFactorStatus: () =>
    queryOptions({
      queryKey: queryKeys.secondFactor,
      queryFn: () =>
        api('GET', '/api/v1/settings/second-factor', { schema: secondFactorStatusSchema }),
    }),

  pinStatus: () =>
    queryOptions({
      queryKey: queryKeys.pin,
      queryFn: () => api('GET', '/api/v1/pin', { schema: pinStatusSchema }),
    }),

  /** The bell's count; kept current by the live stream (useLiveUnreadCount). */
  unreadCount: () =>
    queryOptions({
      queryKey: [...queryKeys.notifications, 'unread'],
      queryFn: async () =>
        (await api('GET', '/api/v1/notifications/unread-count', { schema: unreadCountSchema }))
          .unread,
    }),

  /** Notifications, newest first, a page at a time. */
  notifications: () =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.notifications, 'list'],
      queryFn: ({ pageParam }) =>
        api(
          'GET',
          `/api/v1/notifications?limit=${NOTIFICATIONS_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`,
          { schema: notificationPageSchema },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),

  profile: () =>
    queryOptions({
      queryKey: queryKeys.profile,
      queryFn: () => api('GET', '/api/v1/profile', { schema: profileSchema }),
    }),

  sessions: () =>
    queryOptions({
      queryKey: queryKeys.sessions,
      queryFn: async () =>
        (await api('GET', '/api/v1/settings/sessions', { schema: activeSessionListSchema })).items,
    }),

  /** The signed-in person's passkeys (customer or staff), oldest first as the server lists them. */
  passkeys: () =>
    queryOptions({
      queryKey: queryKeys.passkeys,
      queryFn: async () =>
        (await api('GET', '/api/v1/passkeys', { schema: passkeyListSchema })).items,
    }),

  availability: () =>
    queryOptions({
      queryKey: queryKeys.availability,
      queryFn: async () =>
        (await api('GET', '/api/v1/availability', { schema: availabilitySchema })).available,
      staleTime: 5 * 60_000,
    }),

  supportContacts: () =>
    queryOptions({
      queryKey: queryKeys.supportContacts,
      queryFn: () => api('GET', '/api/v1/support/contacts', { schema: supportContactsSchema }),
    }),

  staffSupportContacts: () =>
    queryOptions({
      queryKey: queryKeys.staffSupportContacts,
      queryFn: () =>
        api('GET', '/api/v1/staff/catalog/support-contacts', { schema: supportContactsSchema }),
    }),

  staffAvailability: () =>
    queryOptions({
      queryKey: queryKeys.staffAvailability,
      queryFn: async () =>
        (
          await api('GET', '/api/v1/staff/catalog/availability', {
            schema: productAvailabilityListSchema,
          })
        ).items,
    }),

  /** The funding catalog as staff keep it: every entry, offered or retired, in the order added. */
  staffCryptoTypes: () =>
    queryOptions({
      queryKey: queryKeys.staffCryptoTypes,
      queryFn: async () =>
        (await api('GET', '/api/v1/staff/catalog/crypto-types', { schema: cryptoTypeListSchema }))
          .items,
    }),

  staffPaymentPurposes: () =>
    queryOptions({
      queryKey: queryKeys.staffPaymentPurposes,
      queryFn: async () =>
        (
          await api('GET', '/api/v1/staff/catalog/payment-purposes', {
            schema: paymentPurposeListSchema,
          })
        ).items,
    }),

  staffFixedDepositPlans: () =>
    queryOptions({
      queryKey: queryKeys.staffFixedDepositPlans,
      queryFn: async () =>
        (
          await api('GET', '/api/v1/staff/catalog/fixed-deposit-plans', {
            schema: fixedDepositPlanListSchema,
          })
        ).items,
    }),

  staffAccountPlans: () =>
    queryOptions({
      queryKey: queryKeys.staffAccountPlans,
      queryFn: async () =>
        (
          await api('GET', '/api/v1/staff/catalog/account-plans', {
            schema: accountPlanListSchema,
          })
        ).items,
    }),

  staffInstitution: () =>
    queryOptions({
      queryKey: queryKeys.staffInstitution,
      queryFn: () =>
        api('GET', '/api/v1/staff/catalog/institution', { schema: institutionDetailsSchema }),
    }),

  /** Catalog changes waiting for a second person, shown on their entries. */
  staffCatalogPending: () =>
    queryOptions({
      queryKey: queryKeys.staffCatalogPending,
      queryFn: async () =>
        (
          await api('GET', '/api/v1/staff/catalog/pending', {
            schema: pendingCatalogChangeListSchema,
          })
        ).items,
    }),

  /** What the crypto forms offer (types with addresses, purposes, plans) and the current plan. */
  fundingForms: () =>
    queryOptions({
      queryKey: [...queryKeys.funding, 'forms'],
      queryFn: () => api('GET', '/api/v1/funding/forms', { schema: fundingFormsSchema }),
    }),

  /** add-funds/it: the customer's details for receiving money. */
  receiveDetails: () =>
    queryOptions({
      queryKey: [...queryKeys.funding, 'receive-details'],
      queryFn: () =>
        api('GET', '/api/v1/funding/receive-details', { schema: receiveDetailsSchema }),
    }),

  /** The customer's requests of one kind, newest first, with their status. */
  fundingRequests: (kind: FundingKind) =>
    queryOptions({
      queryKey: [...queryKeys.funding, 'requests', kind],
      queryFn: async () =>
        (
          await api('GET', `/api/v1/funding/requests?kind=${kind}`, {
            schema: fundingRequestListSchema,
          })
        ).items,
    }),

  /** The customer's fixed deposits, newest first, with the interest accrued so far. */
  fixedDeposits: () =>
    queryOptions({
      queryKey: [...queryKeys.fixedDeposits, 'list'],
      queryFn: async () =>
        (await api('GET', '/api/v1/fixed-deposits', { schema: fixedDepositListSchema })).items,
    }),

  /** What a plan pays for an amount (the amount as typed, e.g. "1500.50"). */
  fixedDepositQuote: (plan: string, amount: string) =>
    queryOptions({
      queryKey: [...queryKeys.fixedDeposits, 'quote', plan, amount],
      queryFn: () =>
        api(
          'GET',
          `/api/v1/fixed-deposits/quote?${new URLSearchParams({ plan, amount }).toString()}`,
          { schema: fixedDepositQuoteSchema },
        ),
      placeholderData: keepPreviousData,
    }),

  /** The customer's submitted transfers, newest first, with their status. */
  transfers: () =>
    queryOptions({
      queryKey: [...queryKeys.transfers, 'list'],
      queryFn: async () =>
        (await api('GET', '/api/v1/transfers', { schema: transferListSchema })).items,
    }),

  /** One transfer as the server computed it (charge, amount received, balance), any stage. */
  transfer: (id: string) =>
    queryOptions({
      queryKey: [...queryKeys.transfers, 'transfer', id],
      queryFn: () =>
        api('GET', `/api/v1/transfers/${encodeURIComponent(id)}`, { schema: transferSchema }),
    }),

  /**
   * What the send form shows before anything is typed: the charges, the balance, what is left
   * of the day's limit, the bank's own details. Under the account's key: money that moves
   * refreshes it.
   */
  transferTerms: () =>
    queryOptions({
      queryKey: [...queryKeys.account, 'transfer-terms'],
      queryFn: () => api('GET', '/api/v1/transfers/terms', { schema: transferTermsSchema }),
    }),

  /** The recipients saved from earlier transfers, to fill the send form. */
  beneficiaries: () =>
    queryOptions({
      queryKey: queryKeys.beneficiaries,
      queryFn: async () =>
        (await api('GET', '/api/v1/beneficiaries', { schema: beneficiaryListSchema })).items,
    }),

  staffFundingRequest: (id: string) =>
    queryOptions({
      queryKey: [...queryKeys.staffFunding, 'request', id],
      queryFn: () =>
        api('GET', `/api/v1/staff/funding/requests/${encodeURIComponent(id)}`, {
          schema: staffFundingRequestSchema,
        }),
    }),
};
