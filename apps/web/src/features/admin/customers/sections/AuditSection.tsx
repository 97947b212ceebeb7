import type { CustomerAuditEntry } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { mutedClass, When } from '../../shared/cells';
import { panelClass } from '../../shared/panel';
import { customerQueries } from '../api';
import { PagedList } from '../PagedList';
import { SectionFrame } from './SectionFrame';

/**
 * A recorded value as words: text as it is, a record as "name: value" pairs, a list item by
 * item, anything else as JSON (null, numbers, true/false).
 */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(shown).join('; ');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${shown(inner)}`)
      .join(', ');
  }
  return JSON.stringify(value);
}

/** What an event recorded, field by field (before → after where both name it). */
function Change({ entry }: { entry: CustomerAuditEntry }) {
  const record = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const before = record(entry.before);
  const after = record(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {keys.map((key) => (
        <Fragment key={key}>
          <dt className={mutedClass}>{key}</dt>
          <dd className="wrap-anywhere">
            {key in before && key in after
              ? `${shown(before[key])} → ${shown(after[key])}`
              : shown(key in after ? after[key] : before[key])}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

const actorOf = (entry: CustomerAuditEntry) =>
  entry.actor
    ? `${entry.actor.name} (${entry.actor.kind === 'staff' ? 'staff' : 'the customer'})`
    : 'The bank (automatic)';

/** The audit log's events concerning the customer, newest first, in the catalogue's words. */
export function AuditSection({ customerId }: { customerId: string }) {
  const trail = useInfiniteQuery(customerQueries.list(customerId, 'audit'));
  return (
    <SectionFrame title="Audit trail" intro="Every recorded action concerning this customer.">
      <PagedList
        query={trail}
        loadingLabel="Loading the audit trail…"
        empty="Nothing recorded yet."
      >
        {(items: CustomerAuditEntry[]) => (
          <ol className="flex flex-col gap-2" aria-label="Audit trail">
            {items.map((entry) => (
              <li key={entry.id} className={panelClass}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{entry.label}</h3>
                  <When iso={entry.createdAt} />
                </div>
                <p className={`text-sm ${mutedClass}`}>
                  {actorOf(entry)}
                  {entry.ip ? `, from ${entry.ip}` : ''}
                </p>
                <Change entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </SectionFrame>
  );
}
