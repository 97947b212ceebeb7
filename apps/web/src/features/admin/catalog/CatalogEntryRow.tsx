import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { panelClass } from '../shared/panel';
import {
  useEditCatalogEntry,
  useSetCatalogEntryOffered,
  type CatalogSection,
} from './api/funding-catalog';
import { CatalogEntryForm } from './CatalogEntryForm';
import { valuesOf, type FieldSpec } from './catalog-fields';
import { isProposal, PendingChange, SENT_FOR_APPROVAL } from './PendingChange';
import type { PendingCatalogChange } from '@bank/contract';

export interface CatalogEntry {
  id: string;
  name: string;
  active: boolean;
  /** The default account plan: every customer starts on it, so it is never retired. */
  isDefault?: boolean;
}

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

const badgeClass = 'rounded-full px-3 py-0.5 text-sm font-semibold';

/**
 * One entry of the catalog: its name, its terms and whether it is offered, with Edit (the form
 * opens in its place, focus in its first field) and Retire or Restore. After either the focus
 * returns to the button that started it.
 */
export function CatalogEntryRow<T extends CatalogEntry>({
  entry,
  section,
  itemSchema,
  inputSchema,
  listKey,
  fields,
  describe,
  after,
  onOutcome,
  pending,
}: {
  entry: T;
  section: CatalogSection;
  itemSchema: z.ZodType<T>;
  inputSchema: z.ZodType;
  listKey: QueryKey;
  fields: readonly FieldSpec[];
  describe: (entry: T) => ReactNode;
  /** More about the entry, under it across the row (a crypto type's rate). */
  after?: ((entry: T) => ReactNode) | undefined;
  onOutcome: (outcome: Outcome) => void;
  /** A change of this entry waiting for a second person, if any. */
  pending?: PendingCatalogChange;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useEditCatalogEntry(section, itemSchema, listKey);
  const offer = useSetCatalogEntryOffered(section, itemSchema, listKey);
  const editButton = useRef<HTMLButtonElement>(null);
  const offerButton = useRef<HTMLButtonElement>(null);
  const backToEdit = useRef(false);
  const offerPressed = useRef(false);

  useEffect(() => {
    if (editing || !backToEdit.current) return;
    backToEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  // The button is disabled while busy, which drops the focus: give it back to the same button,
  // now saying the opposite, unless the person has moved on meanwhile.
  useEffect(() => {
    if (offer.isPending || !offerPressed.current) return;
    offerPressed.current = false;
    const active = document.activeElement;
    if (!active || active === document.body || active === offerButton.current) {
      offerButton.current?.focus();
    }
  }, [offer.isPending]);

  const close = () => {
    backToEdit.current = true;
    setEditing(false);
    edit.reset();
  };

  const save = (body: Record<string, unknown>) => {
    onOutcome(null);
    edit.mutate(
      { id: entry.id, body },
      {
        onSuccess: (saved) => {
          onOutcome({
            tone: 'success',
            text: isProposal(saved) ? SENT_FOR_APPROVAL(entry.name) : `${saved.name} is saved.`,
          });
          close();
        },
      },
    );
  };

  const toggle = () => {
    offerPressed.current = true;
    onOutcome(null);
    offer.mutate(
      { id: entry.id, offered: !entry.active },
      {
        onSuccess: (updated) =>
          onOutcome({
            tone: 'success',
            text: isProposal(updated)
              ? SENT_FOR_APPROVAL(entry.name)
              : updated.active
                ? `${updated.name} is offered to customers again.`
                : `${updated.name} is retired: customers no longer see it.`,
          }),
        onError: (error) => onOutcome({ tone: 'error', text: errorMessage(error) }),
      },
    );
  };

  if (editing) {
    return (
      <li className={panelClass}>
        <h3 className="mb-3 font-semibold break-words">Edit {entry.name}</h3>
        <CatalogEntryForm
          label={`Edit ${entry.name}`}
          fields={fields}
          schema={inputSchema}
          initial={valuesOf(fields, entry)}
          submitLabel="Save"
          pending={edit.isPending}
          serverError={edit.error}
          onSubmit={save}
          onCancel={close}
          focusFirst
        />
      </li>
    );
  }

  const action = entry.active ? 'Retire' : 'Restore';
  return (
    <li className={`flex flex-col gap-3 ${panelClass}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="font-semibold break-words">{entry.name}</span>
          <div className="text-sm break-words text-slate-700 dark:text-slate-300">
            {describe(entry)}
          </div>
          <div className="flex flex-wrap gap-2">
            <span
              className={`${badgeClass} ${
                entry.active
                  ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
                  : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
              }`}
            >
              {entry.active ? 'Offered' : 'Retired'}
            </span>
            {entry.isDefault && (
              <span
                className={`${badgeClass} bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-50`}
              >
                Default
              </span>
            )}
          </div>
          {pending && <PendingChange change={pending} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            ref={editButton}
            variant="secondary"
            // Tells the rows' buttons apart; the visible word comes first, for voice control.
            aria-label={`Edit ${entry.name}`}
            onClick={() => {
              onOutcome(null);
              setEditing(true);
            }}
          >
            Edit
          </Button>
          {entry.isDefault ? (
            <span className="text-sm text-slate-700 dark:text-slate-300">
              Always offered: every customer starts on it
            </span>
          ) : (
            <Button
              ref={offerButton}
              variant="secondary"
              aria-label={`${action} ${entry.name}`}
              loading={offer.isPending}
              onClick={toggle}
            >
              {action}
            </Button>
          )}
        </div>
      </div>
      {after && (
        <div className="border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
          {after(entry)}
        </div>
      )}
    </li>
  );
}
