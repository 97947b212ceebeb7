import { notificationSchema, unreadCountSchema, type Notification } from '@bank/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BellOff, Check, CheckCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queries, queryKeys } from '../../lib/queries';

function useMarkRead() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  const one = useMutation({
    mutationFn: (id: string) =>
      api('POST', `/api/v1/notifications/${encodeURIComponent(id)}/read`, {
        schema: notificationSchema,
      }),
    onSuccess: refresh,
  });
  const all = useMutation({
    mutationFn: () => api('POST', '/api/v1/notifications/read-all', { schema: unreadCountSchema }),
    onSuccess: refresh,
  });
  return { one, all };
}

/** Replaces the pressed "Mark as read", so it takes the focus the button had. */
function MarkedAsRead() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="text-sm font-medium text-green-800 dark:text-green-300"
    >
      Marked as read
    </p>
  );
}

function NotificationItem({
  notification,
  marking,
  justMarked,
  onMarkRead,
}: {
  notification: Notification;
  marking: boolean;
  justMarked: boolean;
  onMarkRead: () => void;
}) {
  const unread = !notification.read;
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <span
          aria-hidden="true"
          className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
        />
        <div className="min-w-0">
          <h3 className={`break-words ${unread ? 'font-bold' : 'font-medium'}`}>
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </h3>
          <p className="mt-0.5 break-words text-slate-700 dark:text-slate-300">
            {notification.body}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="shrink-0 pl-5 sm:pl-0">
        {unread ? (
          <Button variant="secondary" loading={marking} onClick={onMarkRead} className="text-sm">
            <Check aria-hidden="true" className="h-4 w-4" />
            Mark as read
          </Button>
        ) : (
          justMarked && <MarkedAsRead />
        )}
      </div>
    </li>
  );
}

/** Notifications (spec): newest first, Mark as read on unread ones, mark all, more on request. */
export function NotificationsPage() {
  const list = useInfiniteQuery(queries.notifications());
  const { one, all } = useMarkRead();
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const countRef = useRef<HTMLParagraphElement>(null);

  let body;
  if (list.isPending) body = <Loading label="Loading notifications…" />;
  else if (list.isError) {
    body = (
      <LoadFailed
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <BellOff aria-hidden="true" className="h-10 w-10 text-slate-400" />
        <p className="font-semibold">No notifications yet</p>
        <p className="max-w-sm text-slate-700 dark:text-slate-300">
          We will let you know here when something happens on your account: deposits, transfers and
          security changes.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              marking={one.isPending && one.variables === notification.id}
              justMarked={marked.has(notification.id)}
              onMarkRead={() =>
                one.mutate(notification.id, {
                  onSuccess: () => setMarked((set) => new Set(set).add(notification.id)),
                })
              }
            />
          ))}
        </ul>
        {list.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Show older notifications
          </Button>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageHeading title="Notifications" />
          <p
            ref={countRef}
            tabIndex={-1}
            className="text-slate-700 dark:text-slate-300"
            aria-live="polite"
          >
            {list.isSuccess && (unread === 0 ? 'You are all caught up.' : `${unread} unread`)}
          </p>
        </div>
        {unread > 0 && (
          <Button
            variant="secondary"
            loading={all.isPending}
            // The button goes once all are read: the count ("all caught up") takes the focus.
            onClick={() => all.mutate(undefined, { onSuccess: () => countRef.current?.focus() })}
          >
            <CheckCheck aria-hidden="true" className="h-5 w-5" />
            Mark all as read
          </Button>
        )}
      </div>
      {(one.isError || all.isError) && (
        <Banner tone="error">{errorMessage(one.error ?? all.error, 'Something went wrong')}</Banner>
      )}
      <section aria-label="Your notifications" className={cardClass}>
        {body}
      </section>
    </div>
  );
}
