import type { Notification } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mutedClass, When } from '../../shared/cells';
import { panelClass } from '../../shared/panel';
import { StatusBadge } from '../../shared/StatusBadge';
import { customerQueries } from '../api';
import { PagedList } from '../PagedList';
import { SectionFrame } from './SectionFrame';

/** What the customer was told, newest first, and whether they have read it. */
export function NotificationsSection({ customerId }: { customerId: string }) {
  const notices = useInfiniteQuery(customerQueries.list(customerId, 'notifications'));
  return (
    <SectionFrame
      title="Notifications sent"
      intro="In the app; money and security ones by email too."
    >
      <PagedList
        query={notices}
        loadingLabel="Loading the notifications…"
        empty="No notification sent yet."
      >
        {(items: Notification[]) => (
          <ul className="flex flex-col gap-2" aria-label="Notifications sent">
            {items.map((n) => (
              <li key={n.id} className={panelClass}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{n.title}</h3>
                  <StatusBadge tone={n.read ? 'neutral' : 'waiting'}>
                    {n.read ? 'Read' : 'Unread'}
                  </StatusBadge>
                </div>
                <p className="mt-1 whitespace-pre-line">{n.body}</p>
                <p className={`mt-1 text-sm ${mutedClass}`}>
                  <When iso={n.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </SectionFrame>
  );
}
