import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refusal, the keyboard goes to the first field marked invalid (`aria-invalid`) inside
 * `container`, so the person corrects it there and a screen reader reads its message with it.
 * `focusInvalidField` is called with the state that marks the field; the focus moves once that
 * render has landed (each call moves it again, even when the message is the same).
 */
export function useFocusInvalidField<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  const focusInvalidField = useCallback(() => setRequests((count) => count + 1), []);
  return { container, focusInvalidField };
}
