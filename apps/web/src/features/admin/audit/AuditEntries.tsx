import type { AuditEntry } from '@bank/contract';
import { ChevronDown } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Email, Missing, mutedClass, Reference, When } from '../shared/cells';
import { panelClass } from '../shared/panel';

function Actor({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  // Someone not signed in, or the bank's own jobs: the name says all there is.
  if (actor.id === null) return <span className="block font-medium">{actor.name}</span>;
  return (
    <>
      <span className="block font-medium">{actor.name}</span>
      <span className={`block text-sm break-words ${mutedClass}`}>
        {actor.kind === 'staff' ? 'Staff' : 'Customer'} {actor.id}
        {actor.email && (
          <>
            {' · '}
            <Email email={actor.email} />
          </>
        )}
      </span>
    </>
  );
}

function Action({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block font-medium">{entry.label}</span>
      <code>
        <Reference text={entry.action} small />
      </code>
    </>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <code>
      <Reference text={`${entry.target.type}:${entry.target.id}`} />
    </code>
  );
}

function Customer({ entry }: { entry: AuditEntry }) {
  if (!entry.customer) return <Missing said="None" />;
  return (
    <>
      <span className="block font-medium">{entry.customer.name}</span>
      <span className={`block text-sm break-words ${mutedClass}`}>
        {entry.customer.id} · <Email email={entry.customer.email} />
      </span>
    </>
  );
}

const address = (entry: AuditEntry) =>
  entry.ip ? <Reference text={entry.ip} /> : <Missing said="None" />;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Missing said="Nothing recorded" />;
  return (
    <pre className="max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all dark:bg-slate-950">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Everything else an event recorded: before and after, the browser, its place in the chain. */
function Details({ entry, id }: { entry: AuditEntry; id: string }) {
  return (
    <div id={id} className="grid gap-3 text-sm md:grid-cols-2">
      <div>
        <h4 className="font-semibold">Before</h4>
        <Json value={entry.before} />
      </div>
      <div>
        <h4 className="font-semibold">After</h4>
        <Json value={entry.after} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 md:col-span-2">
        <dt className={mutedClass}>Browser</dt>
        <dd className="break-all">{entry.userAgent ?? <Missing said="None" />}</dd>
        <dt className={mutedClass}>Sequence</dt>
        <dd>{entry.seq}</dd>
        <dt className={mutedClass}>Hash</dt>
        <dd className="font-mono text-xs break-all">{entry.hash}</dd>
        <dt className={mutedClass}>Previous hash</dt>
        <dd className="font-mono text-xs break-all">{entry.prevHash}</dd>
      </dl>
    </div>
  );
}

function Toggle({
  open,
  onToggle,
  controls,
  entry,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  entry: AuditEntry;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-50 dark:hover:bg-slate-800"
    >
      <ChevronDown
        aria-hidden="true"
        className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
      />
      Details{' '}
      <span className="sr-only">
        of {entry.label}, sequence {entry.seq}
      </span>
    </button>
  );
}

function TableRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <tr className="align-top">
        <td className="py-3 pr-4">
          <When iso={entry.at} />
        </td>
        <td className="py-3 pr-4 break-words">
          <Actor entry={entry} />
        </td>
        <td className="py-3 pr-4 break-words">
          <Action entry={entry} />
        </td>
        <td className="py-3 pr-4">
          <Target entry={entry} />
        </td>
        <td className="py-3 pr-4 break-words">
          <Customer entry={entry} />
        </td>
        <td className="py-3 pr-4">{address(entry)}</td>
        <td className="py-1">
          <Toggle open={open} onToggle={() => setOpen(!open)} controls={id} entry={entry} />
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7} className="pb-4">
            <Details entry={entry} id={id} />
          </td>
        </tr>
      )}
    </>
  );
}

function Card({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className={panelClass}>
      <Action entry={entry} />
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {(
          [
            ['When', <When iso={entry.at} />],
            ['Actor', <Actor entry={entry} />],
            ['Target', <Target entry={entry} />],
            ['Customer', <Customer entry={entry} />],
            ['Address', address(entry)],
          ] as const
        ).map(([term, value]) => (
          <Fragment key={term}>
            <dt className={mutedClass}>{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <Toggle open={open} onToggle={() => setOpen(!open)} controls={id} entry={entry} />
      {open && <Details entry={entry} id={id} />}
    </li>
  );
}

/**
 * The audit log's rows: a table from tablet width up, a card per event on a phone (each hidden
 * at the other width). Each opens to show its before and after and its place in the chain.
 */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  const caption = 'Audit log, newest first';
  return (
    <>
      <div className={`relative hidden md:block ${panelClass} overflow-x-auto`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={mutedClass}>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {['Time (UTC)', 'Actor', 'Action', 'Target', 'Customer', 'Address'].map((h) => (
                <th key={h} scope="col" className="py-2 pr-4 font-semibold">
                  {h}
                </th>
              ))}
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {entries.map((entry) => (
              <TableRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {entries.map((entry) => (
          <Card key={entry.id} entry={entry} />
        ))}
      </ul>
    </>
  );
}
