import { useEffect, useState } from 'react';
import { isConflict } from './outcome';

/** Where the focus goes once the dialog closes on an answer; null: back where it was. */
type FocusAfter = { to: 'outcome' } | { to: 'field'; focus: () => void } | null;

/**
 * A decision checked on its form, then asked once more in a ConfirmDialog, since it is final.
 * `asking` is what waits in the dialog (null while it is closed); `dialog` goes to the
 * ConfirmDialog; `settle` takes the server's answer to the confirmed decision:
 *
 * - done: the dialog closes and `onDone` tells the page, which moves the focus to the outcome;
 * - a 409 (someone else decided first), when the page tells it (`onConflict`): the same;
 * - a refused field (`refusedField` returns how to focus it): the dialog closes, the field says
 *   why and takes the focus;
 * - anything else is said in the dialog, which stays open to try again.
 */
export function useConfirmStep<A>() {
  const [asking, setAsking] = useState<A | null>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);
  useEffect(() => {
    if (focusAfter?.to === 'field') focusAfter.focus();
  }, [focusAfter]);

  const ask = (next: A) => {
    setFocusAfter(null);
    setAsking(next);
  };

  // A promise, not a mutation's callbacks: the decided item replaces the decision before those
  // callbacks would run, and the outcome must still reach the page.
  const settle = <R>(
    answer: Promise<R>,
    {
      onDone,
      onConflict,
      refusedField,
    }: {
      onDone: (result: R) => void;
      onConflict?: (detail: string) => void;
      refusedField?: (error: unknown) => (() => void) | null;
    },
  ) =>
    answer.then(
      (result) => {
        setFocusAfter({ to: 'outcome' });
        setAsking(null);
        onDone(result);
      },
      (error: unknown) => {
        if (onConflict && isConflict(error)) {
          setFocusAfter({ to: 'outcome' });
          setAsking(null);
          onConflict(error.detail);
          return;
        }
        const focus = refusedField?.(error);
        if (focus) {
          setFocusAfter({ to: 'field', focus });
          setAsking(null);
        }
      },
    );

  return {
    asking,
    ask,
    settle,
    dialog: {
      open: asking !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setAsking(null);
      },
      returnFocus: focusAfter === null,
    },
  };
}
