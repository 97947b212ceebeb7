import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useLiveUnreadCount } from '../../hooks/useLiveUnreadCount';
import { queries } from '../../lib/queries';

/** The top bar's bell with the unread count, live; it opens the notifications page. */
export function NotificationBell() {
  useLiveUnreadCount();
  const unread = useQuery(queries.unreadCount()).data ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link
      to="/dashboard/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Bell aria-hidden="true" className="h-6 w-6" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
