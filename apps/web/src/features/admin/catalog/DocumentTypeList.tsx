import type { DocumentType } from '@bank/contract';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { useSetDocumentTypeOffered } from './api/document-types';
import { panelClass } from '../shared/panel';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

const cardClass = `flex flex-wrap items-center justify-between gap-3 ${panelClass}`;

/** The catalog, one row per type, with its state in words and the action it allows. */
export function DocumentTypeList({
  types,
  onOutcome,
}: {
  types: DocumentType[];
  onOutcome: (outcome: Outcome) => void;
}) {
  if (types.length === 0) {
    return <p className={cardClass}>No document types yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {types.map((type) => (
        <DocumentTypeRow key={type.id} type={type} onOutcome={onOutcome} />
      ))}
    </ul>
  );
}

function DocumentTypeRow({
  type,
  onOutcome,
}: {
  type: DocumentType;
  onOutcome: (outcome: Outcome) => void;
}) {
  const setOffered = useSetDocumentTypeOffered();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  // The button is disabled while busy, which drops the focus in browsers: give it back to the
  // same button, now saying the opposite, unless the person has moved on meanwhile.
  useEffect(() => {
    if (setOffered.isPending || !pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    if (!active || active === document.body || active === buttonRef.current) {
      buttonRef.current?.focus();
    }
  }, [setOffered.isPending]);

  const toggle = () => {
    pressed.current = true;
    onOutcome(null);
    setOffered.mutate(
      { id: type.id, offered: !type.active },
      {
        onSuccess: (updated) =>
          onOutcome({
            tone: 'success',
            text: updated.active
              ? `${updated.name} is offered to customers again.`
              : `${updated.name} is no longer offered to customers.`,
          }),
        onError: (error) => onOutcome({ tone: 'error', text: errorMessage(error) }),
      },
    );
  };

  const action = type.active ? 'Retire' : 'Offer again';
  return (
    <li className={cardClass}>
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-semibold break-words">{type.name}</span>
        <span
          className={`self-start rounded-full px-3 py-0.5 text-sm font-semibold ${
            type.active
              ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
              : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
          }`}
        >
          {type.active ? 'Offered' : 'Retired'}
        </span>
      </div>
      {type.fixed ? (
        <span className="text-sm text-slate-700 dark:text-slate-300">Always offered</span>
      ) : (
        <Button
          ref={buttonRef}
          variant="secondary"
          // Tells the rows' buttons apart; the visible words come first, for voice control.
          aria-label={`${action} ${type.name}`}
          loading={setOffered.isPending}
          onClick={toggle}
        >
          {action}
        </Button>
      )}
    </li>
  );
}
