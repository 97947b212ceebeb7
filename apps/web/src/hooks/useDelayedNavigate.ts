import { AUTH_REDIRECT_DELAY_MS } from '@bank/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';

/** Navigates after the spec's pause for reading an auth message; cancelled on unmount. */
export function useDelayedNavigate(delayMs = AUTH_REDIRECT_DELAY_MS) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to, options), delayMs);
    },
    [navigate, delayMs],
  );
}
