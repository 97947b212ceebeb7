import { CheckCircle2, CircleAlert, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/Button';
import type { ConfirmedPayee } from './transfer-form';

const LOOK = {
  match: {
    Icon: CheckCircle2,
    frame: 'border-green-700 bg-green-50 dark:border-green-500 dark:bg-green-950',
    icon: 'text-green-800 dark:text-green-300',
    title: 'The name matches',
  },
  close_match: {
    Icon: TriangleAlert,
    frame: 'border-amber-600 bg-amber-50 dark:border-amber-500 dark:bg-amber-950',
    icon: 'text-amber-800 dark:text-amber-300',
    title: 'The name is close, not the same',
  },
  no_match: {
    Icon: CircleAlert,
    frame: 'border-red-700 bg-red-50 dark:border-red-500 dark:bg-red-950',
    icon: 'text-red-800 dark:text-red-300',
    title: 'The name does not match',
  },
} as const;

/** What the customer reads about the name they typed, before any money moves. */
export function matchWords(payee: ConfirmedPayee): string {
  switch (payee.match) {
    case 'match':
      return 'The name you typed matches the account holder’s name.';
    case 'close_match':
      return `The name you typed is close to the account holder’s name, but not the same. Make sure ${payee.name} is the person you mean to pay.`;
    case 'no_match':
      return 'The name you typed does not match the account holder’s name. Check the account number with the person you are paying: money sent to the wrong account may not come back.';
  }
}

/**
 * The bank's answer to a payee check (confirmation of payee): the holder's name as the bank
 * shows it to a payer (first name and last initial), how the typed name compares, and the
 * customer's choice: this is the right person, or change the details. Takes the focus when it
 * appears, so that a keyboard or screen-reader user reads it before going on. The name is
 * isolated (`bdi`): one in Arabic or Hebrew keeps its full stop at its own end ("سارة ا.").
 */
export function PayeeCheckResult({
  payee,
  confirmed,
  onConfirm,
  onChange,
}: {
  payee: ConfirmedPayee;
  confirmed: boolean;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const look = LOOK[payee.match];
  useEffect(() => {
    if (!confirmed) ref.current?.focus();
  }, [confirmed]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={`rounded-lg border-l-4 p-4 focus:outline-2 focus:outline-offset-2 ${look.frame}`}
    >
      <div className="flex items-start gap-3">
        <look.Icon aria-hidden="true" className={`mt-1 h-5 w-5 shrink-0 ${look.icon}`} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Account holder
          </h3>
          <p className="text-xl font-bold break-words">
            <bdi>{payee.name}</bdi>
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Account {payee.accountNumber} · you typed “{payee.typedName}”
          </p>
          {!confirmed && (
            <>
              <p className="mt-3 font-semibold">{look.title}</p>
              <p className="text-sm">{matchWords(payee)}</p>
            </>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {confirmed ? (
          <Button variant="secondary" onClick={onChange}>
            Change the person
          </Button>
        ) : payee.match === 'no_match' ? (
          // Not the name the customer typed: changing the details is the way the page leads.
          <>
            <Button variant="secondary" onClick={onConfirm}>
              I have checked: pay {payee.name}
            </Button>
            <Button onClick={onChange}>Change details</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onChange}>
              Change details
            </Button>
            <Button onClick={onConfirm}>Yes, pay {payee.name}</Button>
          </>
        )}
      </div>
    </section>
  );
}
