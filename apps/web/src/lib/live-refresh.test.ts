import { NOTIFICATION_KINDS } from '@bank/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyStreamMessage,
  EVERYTHING_LIVE,
  keysToRefresh,
  LIVE_REFRESH,
  refreshAfterReconnect,
} from './live-refresh';
import { queries, queryKeys } from './queries';

/** The customer's reads as the dashboard and its pages hold them, one example each. */
const all = {
  accountSummary: queries.accountSummary(),
  recentTransactions: queries.recentTransactions(10),
  statementChart: queries.statementChart(''),
  fundingForms: queries.fundingForms(),
  depositRequests: queries.fundingRequests('deposit'),
  fixedDeposits: queries.fixedDeposits(),
  transfers: queries.transfers(),
  transfer: queries.transfer('7'),
  beneficiaries: queries.beneficiaries(),
  profile: queries.profile(),
  pinStatus: queries.pinStatus(),
  sessions: queries.sessions(),
  passkeys: queries.passkeys(),
  session: queries.session(),
  notificationList: { queryKey: queries.notifications().queryKey },
  unreadCount: queries.unreadCount(),
  availability: queries.availability(),
  supportContacts: queries.supportContacts(),
};
type Read = keyof typeof all;

function seeded() {
  const client = new QueryClient();
  for (const query of Object.values(all)) client.setQueryData(query.queryKey, 'cached' as never);
  client.setQueryData(all.unreadCount.queryKey, 3);
  return client;
}

const refreshed = (client: QueryClient): Read[] =>
  (Object.keys(all) as Read[])
    .filter((name) => client.getQueryState(all[name].queryKey)?.isInvalidated)
    .sort();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what a notification arriving live refreshes', () => {
  it('a deposit, payment, fixed deposit or upgrade confirmed: balance, totals, transactions, requests, plan, fixed deposits', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 4, changed: ['funding.confirmed'] });
    expect(refreshed(client)).toEqual(
      [
        'accountSummary',
        'recentTransactions',
        'statementChart',
        'fundingForms',
        'depositRequests',
        'fixedDeposits',
        'profile',
        'notificationList',
      ].sort(),
    );
    expect(client.getQueryData(all.unreadCount.queryKey)).toBe(4);
  });

  it('money received from another customer: the balance, totals and transactions', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 4, changed: ['transfer.received'] });
    expect(refreshed(client)).toEqual(
      ['accountSummary', 'recentTransactions', 'statementChart', 'notificationList'].sort(),
    );
  });

  it('a transfer decided: the account and the transfers, each transfer included', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 4, changed: ['transfer.failed'] });
    expect(refreshed(client)).toEqual(
      [
        'accountSummary',
        'recentTransactions',
        'statementChart',
        'transfers',
        'transfer',
        'notificationList',
      ].sort(),
    );
  });

  it('several kinds at once: what each concerns', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 5, changed: ['pin.locked', 'signin.new_device'] });
    expect(refreshed(client)).toEqual(['pinStatus', 'sessions', 'notificationList'].sort());
  });

  it('a notification only marked read: the count and the list, nothing else', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 0, changed: [] });
    expect(refreshed(client)).toEqual(['notificationList']);
    expect(client.getQueryData(all.unreadCount.queryKey)).toBe(0);
  });

  it('the first count of a stream, unchanged: nothing', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 3, changed: [] });
    expect(refreshed(client)).toEqual([]);
  });

  it('a kind this app does not know yet: everything shown live', () => {
    const client = seeded();
    applyStreamMessage(client, { unread: 4, changed: ['loan.approved'] });
    expect(refreshed(client)).toEqual(
      (Object.keys(all) as Read[])
        .filter((name) => !['unreadCount', 'availability', 'supportContacts'].includes(name))
        .sort(),
    );
    expect(keysToRefresh(['loan.approved'])).toEqual(EVERYTHING_LIVE);
  });

  it('ignores a message that is not one', () => {
    const client = seeded();
    for (const data of [null, { unread: -1, changed: [] }, { unread: 2 }, 'unread']) {
      applyStreamMessage(client, data);
    }
    expect(refreshed(client)).toEqual([]);
    expect(client.getQueryData(all.unreadCount.queryKey)).toBe(3);
  });

  it('a passkey added or removed (in another tab, or by the other browser): the passkey list', () => {
    for (const kind of ['passkey.added', 'passkey.removed'] as const) {
      const client = seeded();
      applyStreamMessage(client, { unread: 4, changed: [kind] });
      expect(refreshed(client)).toEqual(['notificationList', 'passkeys']);
    }
  });

  it('after a reconnect: everything shown live, since anything may have happened meanwhile', () => {
    const client = seeded();
    refreshAfterReconnect(client);
    expect(refreshed(client)).not.toContain('availability');
    expect(refreshed(client)).toEqual(
      expect.arrayContaining([
        'accountSummary',
        'recentTransactions',
        'fundingForms',
        'fixedDeposits',
        'transfers',
        'profile',
        'pinStatus',
        'sessions',
        'notificationList',
      ]),
    );
  });

  it('names every kind, each with keys of the areas the app reads', () => {
    expect(Object.keys(LIVE_REFRESH).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    const areas = Object.values(queryKeys).map((key) => JSON.stringify(key));
    for (const [kind, keys] of Object.entries(LIVE_REFRESH)) {
      for (const key of keys) expect(areas, kind).toContain(JSON.stringify(key));
    }
  });

  it('reads again at once in a tab being looked at; in a hidden tab only marks the data stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const queryFn = vi.fn(async () => ({ pending: [], items: [] }));
    const observer = new QueryObserver(client, { ...all.recentTransactions, queryFn });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    applyStreamMessage(client, { unread: 1, changed: ['transfer.received'] });
    await Promise.resolve();
    expect(client.getQueryState(all.recentTransactions.queryKey)?.isInvalidated).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);

    visibility.mockReturnValue('visible');
    applyStreamMessage(client, { unread: 2, changed: ['transfer.received'] });
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    stop();
  });
});
