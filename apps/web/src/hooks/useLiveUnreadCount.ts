import { NOTIFICATION_STREAM_EVENT, NOTIFICATION_STREAM_REPLACED_EVENT } from '@bank/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyStreamMessage, refreshAfterReconnect } from '../lib/live-refresh';
import { queryKeys } from '../lib/queries';

const STREAM = '/api/v1/notifications/stream';

/**
 * The live channel (decisions 15 and 25): the server streams the unread count (Server-Sent
 * Events over the session cookie) at once and after every change, with the kinds of the new
 * notifications, and the screens they concern are refreshed (lib/live-refresh.ts): the balance
 * the moment staff confirm a deposit, the plan once an upgrade is confirmed. Each tab holds its
 * own stream. The browser reconnects by itself after a drop, and everything shown live is read
 * again then, as something may have happened meanwhile. A tab pushed out by newer ones (the
 * server keeps five per person) waits until it is looked at again to listen once more. After
 * sign-out the stream is refused and stays closed, and the session is asked again.
 */
export function useLiveUnreadCount() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let listenedBefore = false;

    const listen = () => {
      const stream = new EventSource(STREAM);
      source = stream;
      stream.addEventListener('open', () => {
        if (listenedBefore) refreshAfterReconnect(queryClient);
        listenedBefore = true;
      });
      stream.addEventListener(NOTIFICATION_STREAM_EVENT, (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        applyStreamMessage(queryClient, data);
      });
      stream.addEventListener(NOTIFICATION_STREAM_REPLACED_EVENT, () => {
        stream.close();
        source = null;
      });
      // The server ends the stream when the session ends (it checks at every heartbeat) and
      // then refuses it, which closes the EventSource for good: ask who is signed in, so that a
      // tab whose session ended elsewhere (sign-out, a password change) leaves the dashboard now
      // instead of at its next click.
      stream.addEventListener('error', () => {
        if (stream.readyState === EventSource.CLOSED) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        }
      });
    };

    // Looked at again: shown (another tab or window was in front) or given the focus (a window
    // beside others).
    const listenAgainWhenSeen = () => {
      if (document.visibilityState === 'visible' && source === null) listen();
    };
    listen();
    document.addEventListener('visibilitychange', listenAgainWhenSeen);
    window.addEventListener('focus', listenAgainWhenSeen);
    return () => {
      document.removeEventListener('visibilitychange', listenAgainWhenSeen);
      window.removeEventListener('focus', listenAgainWhenSeen);
      source?.close();
    };
  }, [queryClient]);
}
