import { useCallback, useState } from 'react';
import { fieldErrorsIn } from '../lib/apply-field-errors';

/**
 * The server's messages for the fields of a form kept in plain React state (react-hook-form's
 * forms get the same from `applyFieldErrors` and its re-validation on change): each message shows
 * under its field until that field is changed, then goes at once, as the customer fixes it,
 * without waiting for the next submit.
 */
export function useServerFieldErrors<F extends string>(fields: readonly F[]) {
  const [messages, setMessages] = useState<Partial<Record<F, string>>>({});

  /** Shows the server's field errors of a refused request; true when it named any field. */
  const show = useCallback(
    (error: unknown): boolean => {
      const found = fieldErrorsIn(error, fields);
      setMessages(found);
      return Object.keys(found).length > 0;
    },
    [fields],
  );

  /** The customer changed `field`: its message goes. */
  const changed = useCallback((field: F) => {
    setMessages((current) =>
      field in current
        ? (Object.fromEntries(
            Object.entries(current).filter(([name]) => name !== field),
          ) as Partial<Record<F, string>>)
        : current,
    );
  }, []);

  const clear = useCallback(() => setMessages({}), []);

  return { messages, show, changed, clear };
}
