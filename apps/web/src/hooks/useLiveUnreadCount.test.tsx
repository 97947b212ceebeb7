import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queries, queryKeys } from '../lib/queries';
import { FakeEventSource, latestStream, stubEventSource } from '../test-event-source';
import { useLiveUnreadCount } from './useLiveUnreadCount';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The hook in a tab whose cache holds the dashboard's reads; nothing is fetched. */
function listening() {
  stubEventSource();
  const client = new QueryClient();
  const summary = queries.accountSummary().queryKey;
  const plan = queries.fundingForms().queryKey;
  for (const key of [summary, plan, queryKeys.session]) client.setQueryData(key, 'cached');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUnreadCount(), { wrapper });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, hook, stale, summary, plan };
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('the live channel in a tab', () => {
  it('sets the count and refreshes what a new notification concerns', () => {
    const { client, stale, summary, plan } = listening();
    const stream = latestStream();
    expect(stream.url).toBe('/api/v1/notifications/stream');
    act(() => {
      stream.open();
      stream.send('unread', { unread: 2, changed: [] });
    });
    expect(client.getQueryData(queries.unreadCount().queryKey)).toBe(2);
    expect(stale(summary)).toBe(false);
    act(() => stream.send('unread', { unread: 3, changed: ['transfer.received'] }));
    expect(client.getQueryData(queries.unreadCount().queryKey)).toBe(3);
    expect(stale(summary)).toBe(true);
    expect(stale(plan)).toBe(false);
  });

  it('reads everything shown live again when the stream comes back after a drop', () => {
    const { stale, summary, plan } = listening();
    const stream = latestStream();
    act(() => stream.open());
    expect(stale(summary)).toBe(false);
    act(() => {
      stream.drop();
      stream.open();
    });
    expect(stale(summary)).toBe(true);
    expect(stale(plan)).toBe(true);
    // The browser reconnected the same EventSource: no second one was made.
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it('pushed out by newer tabs: stops listening, and listens again once looked at', () => {
    const { stale, summary } = listening();
    const first = latestStream();
    act(() => first.open());
    setVisibility('hidden');
    act(() => first.send('replaced', {}));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.made).toHaveLength(1);

    setVisibility('visible');
    expect(FakeEventSource.made).toHaveLength(2);
    const again = latestStream();
    act(() => again.open());
    // Nothing was heard meanwhile: everything is read again.
    expect(stale(summary)).toBe(true);
    // Being looked at again opens no further stream while this one listens.
    setVisibility('visible');
    expect(FakeEventSource.made).toHaveLength(2);
  });

  it('pushed out while in view in a window beside others: listens again when given the focus', () => {
    listening();
    const first = latestStream();
    act(() => {
      first.open();
      first.send('replaced', {});
    });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.made).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(FakeEventSource.made).toHaveLength(2);
  });

  it('asks who is signed in when the server refuses the stream for good', () => {
    const { stale } = listening();
    const stream = latestStream();
    act(() => stream.drop());
    expect(stale(queryKeys.session)).toBe(false);
    act(() => {
      stream.close();
      stream.dispatchEvent(new Event('error'));
    });
    expect(stale(queryKeys.session)).toBe(true);
  });

  it('closes its stream when the page goes', () => {
    const { hook } = listening();
    const stream = latestStream();
    hook.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    setVisibility('visible');
    expect(FakeEventSource.made).toHaveLength(1);
  });
});
