import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queries, queryKeys } from './queries';

/** Every query the app reads, as built for one example each. */
const all = {
  session: queries.session(),
  accountSummary: queries.accountSummary(),
  recentTransactions: queries.recentTransactions(10),
  kycDocumentTypes: queries.kycDocumentTypes(),
  kycPrevious: queries.kycPrevious(),
  staffKycSubmission: queries.staffKycSubmission('7'),
  staffDocumentTypes: queries.staffDocumentTypes(),
  transfers: queries.transfers(),
  transfer: queries.transfer('7'),
  beneficiaries: queries.beneficiaries(),
};

/** The area prefix each query must sit under, so invalidating the area reaches it. */
const areaOf: Record<keyof typeof all, readonly string[]> = {
  session: queryKeys.session,
  accountSummary: queryKeys.account,
  recentTransactions: queryKeys.account,
  kycDocumentTypes: queryKeys.kyc,
  kycPrevious: queryKeys.kyc,
  staffKycSubmission: queryKeys.staffKyc,
  staffDocumentTypes: queryKeys.staffDocumentTypes,
  transfers: queryKeys.transfers,
  transfer: queryKeys.transfers,
  beneficiaries: queryKeys.beneficiaries,
};

function seeded() {
  const client = new QueryClient();
  for (const query of Object.values(all)) client.setQueryData(query.queryKey, 'cached' as never);
  return client;
}

const invalidated = (client: QueryClient) =>
  Object.entries(all)
    .filter(([, query]) => client.getQueryState(query.queryKey)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe('the query keys', () => {
  it('give every read its own key, under its area', () => {
    const keys = Object.values(all).map((query) => JSON.stringify(query.queryKey));
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, query] of Object.entries(all)) {
      const area = areaOf[name as keyof typeof all];
      expect(query.queryKey.slice(0, area.length), name).toEqual(area);
    }
  });

  it('let a staff decision refresh the submission (and the queue, kept under the same prefix), and nothing else', async () => {
    const client = seeded();
    await client.invalidateQueries({ queryKey: queryKeys.staffKyc, refetchType: 'none' });
    expect(invalidated(client)).toEqual(['staffKycSubmission']);
  });

  it('let a change to the account refresh its summary and its history', async () => {
    const client = seeded();
    await client.invalidateQueries({ queryKey: queryKeys.account, refetchType: 'none' });
    expect(invalidated(client)).toEqual(['accountSummary', 'recentTransactions']);
  });

  it('keep the catalog apart from the identity checks that use it', async () => {
    const client = seeded();
    await client.invalidateQueries({ queryKey: queryKeys.staffDocumentTypes, refetchType: 'none' });
    expect(invalidated(client)).toEqual(['staffDocumentTypes']);
  });

  it('are the same each time a query is built, so pages share what was read', () => {
    expect(queries.staffKycSubmission('7').queryKey).toEqual(all.staffKycSubmission.queryKey);
    expect(queries.recentTransactions(10).queryKey).toEqual(all.recentTransactions.queryKey);
    expect(queries.recentTransactions(20).queryKey).not.toEqual(all.recentTransactions.queryKey);
  });
});
