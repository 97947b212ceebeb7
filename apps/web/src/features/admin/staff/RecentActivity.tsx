import type { StaffEvent } from '@bank/contract';
import { useId } from 'react';
import { mutedClass, When } from '../shared/cells';
import { panelClass } from '../shared/panel';

function by(event: StaffEvent): string {
  if (event.byThem) return 'by them';
  return event.actor ? `by ${event.actor.name}` : 'by the system';
}

/** A staff member's latest audit events, by them or about them, newest first. */
export function RecentActivity({ events }: { events: StaffEvent[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        Recent activity
      </h2>
      {events.length === 0 ? (
        <p className={panelClass}>Nothing recorded yet.</p>
      ) : (
        <ol
          className={`flex flex-col divide-y divide-slate-100 dark:divide-slate-800 ${panelClass}`}
        >
          {events.map((event) => (
            <li key={event.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
              <span className={`shrink-0 text-sm sm:w-44 ${mutedClass}`}>
                <When iso={event.at} />
              </span>
              <span>
                {event.label} <span className={mutedClass}>{by(event)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
