import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Banner } from '../../../components/ui/Banner';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { panelClass } from '../shared/panel';
import { useAddCatalogEntry, type CatalogSection } from './api/funding-catalog';
import { CatalogEntryForm } from './CatalogEntryForm';
import { CatalogEntryRow, type CatalogEntry, type Outcome } from './CatalogEntryRow';
import { blankValues, type FieldSpec } from './catalog-fields';
import { StatusMessage } from './StatusMessage';
import { isProposal, PendingChange } from './PendingChange';
import { queries } from '../../../lib/queries';

/**
 * One page shape for the funding catalog staff keep (crypto types, payment purposes,
 * fixed-deposit and account plans): every entry with its terms and state, Edit, Retire or
 * Restore, and an Add form. Entries are never deleted: a retired one stays for the requests
 * that named it.
 */
export function FundingCatalogPage<T extends CatalogEntry, K extends QueryKey>({
  title,
  intro,
  section,
  query,
  itemSchema,
  inputSchema,
  fields,
  describe,
  after,
  noun,
}: {
  title: string;
  intro: ReactNode;
  section: CatalogSection;
  /** The list's read from `queries`; its key is what every change refreshes. */
  query: UseQueryOptions<T[], Error, T[], K> & { queryKey: K };
  /** The contract's schema of one entry as the server answers it. */
  itemSchema: z.ZodType<T>;
  /** The contract's input schema for an add or an edit. */
  inputSchema: z.ZodType;
  fields: readonly FieldSpec[];
  /** The entry's terms, in a line. */
  describe: (entry: T) => ReactNode;
  /** More about an entry, under it (a crypto type's rate). */
  after?: (entry: T) => ReactNode;
  /** "crypto type", "plan"… for headings and messages. */
  noun: string;
}) {
  const entries = useQuery(query);
  // Changes waiting for a second person (crypto types, plans): shown on their entries. Should
  // this read fail, the list still shows; a second change would then be refused with a reason.
  const pending = useQuery(queries.staffCatalogPending());
  const waiting = (pending.data ?? []).filter((change) => change.section === section);
  const additions = waiting.filter((change) => change.entryId === null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  let list: ReactNode;
  if (entries.isPending) {
    list = <Loading label={`Loading the ${noun}s…`} />;
  } else if (entries.data) {
    // A failed background refresh keeps the list read last rather than hiding it.
    list =
      entries.data.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          Nothing yet: add the first {noun} below.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.data.map((entry) => (
            <CatalogEntryRow
              key={entry.id}
              entry={entry}
              section={section}
              itemSchema={itemSchema}
              inputSchema={inputSchema}
              listKey={query.queryKey}
              fields={fields}
              describe={describe}
              after={after}
              onOutcome={setOutcome}
              pending={waiting.find((change) => change.entryId === entry.id)}
            />
          ))}
        </ul>
      );
  } else {
    list = (
      <LoadFailed
        error={entries.error}
        retrying={entries.isFetching}
        onRetry={() => void entries.refetch()}
      />
    );
  }

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title={title} />
        <div className="mt-1 text-slate-700 dark:text-slate-300">{intro}</div>
      </div>
      <section aria-labelledby="catalog-list" className="flex flex-col gap-3">
        <h2 id="catalog-list" className="text-lg font-semibold">
          Catalog
        </h2>
        <StatusMessage>{outcome?.tone === 'success' ? outcome.text : null}</StatusMessage>
        {outcome?.tone === 'error' && <Banner tone="error">{outcome.text}</Banner>}
        {list}
      </section>
      <section aria-labelledby="catalog-add" className="flex flex-col gap-3">
        <h2 id="catalog-add" className="text-lg font-semibold">
          Add a {noun}
        </h2>
        {additions.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label={`${noun}s waiting to be added`}>
            {additions.map((change) => (
              <li key={change.approvalId}>
                <PendingChange change={change} />
              </li>
            ))}
          </ul>
        )}
        <AddEntry
          section={section}
          itemSchema={itemSchema}
          inputSchema={inputSchema}
          listKey={query.queryKey}
          fields={fields}
        />
      </section>
    </div>
  );
}

/** The Add form: cleared after each success, ready for the next entry. */
function AddEntry<T extends CatalogEntry>({
  section,
  itemSchema,
  inputSchema,
  listKey,
  fields,
}: {
  section: CatalogSection;
  itemSchema: z.ZodType<T>;
  inputSchema: z.ZodType;
  listKey: QueryKey;
  fields: readonly FieldSpec[];
}) {
  const add = useAddCatalogEntry(section, itemSchema, listKey);
  const [added, setAdded] = useState<string | null>(null);
  // A new key gives a fresh, empty form after each success.
  const [round, setRound] = useState(0);
  return (
    <div className={`flex flex-col gap-4 ${panelClass}`}>
      <StatusMessage>{added}</StatusMessage>
      <CatalogEntryForm
        key={round}
        fields={fields}
        schema={inputSchema}
        initial={blankValues(fields)}
        submitLabel="Add"
        pending={add.isPending}
        serverError={add.error}
        focusFirst={round > 0}
        onSubmit={(body) => {
          setAdded(null);
          add.mutate(body, {
            onSuccess: (entry) => {
              setAdded(
                isProposal(entry)
                  ? `Sent for approval: ${String(body.name)} is offered to customers once another staff member approves it.`
                  : `${entry.name} is now offered to customers.`,
              );
              add.reset();
              setRound((r) => r + 1);
            },
          });
        }}
      />
    </div>
  );
}
