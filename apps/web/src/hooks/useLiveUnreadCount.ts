import { NOTIFICATION_STREAM_EVENT, unreadCountSchema } from '@bank/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queries, queryKeys } from '../lib/queries';

/**
 * Keeps the unread count current without a reload: the server streams it (Server-Sent Events
 * over the session cookie) at once and after every change. A new count also refreshes the list
 * of notifications. The browser reconnects by itself after a drop; after sign-out the stream is
 * refused and stays closed, and the session is asked again.
 */
export function useLiveUnreadCount() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/notifications/stream');
    source.addEventListener(NOTIFICATION_STREAM_EVENT, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const parsed = unreadCountSchema.safeParse(data);
      if (!parsed.success) return;
      const key = queries.unreadCount().queryKey;
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, parsed.data.unread);
      if (before !== undefined && before !== parsed.data.unread) {
        void queryClient.invalidateQueries({ queryKey: [...queryKeys.notifications, 'list'] });
        // A notification may report a new sign-in or a signed-out browser: the list of
        // signed-in browsers is asked again too (only if a page shows it).
        void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      }
    });
    // The server ends the stream when the session ends (it checks at every heartbeat) and then
    // refuses it, which closes the EventSource for good: ask who is signed in, so that a tab
    // whose session ended elsewhere (sign-out, a password change) leaves the dashboard now
    // instead of at its next click.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      }
    });
    return () => source.close();
  }, [queryClient]);
}
