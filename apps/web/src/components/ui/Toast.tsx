import { BANNER_TIMEOUT_MS } from '@bank/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ToastMessage {
  text: string;
  tone: 'success' | 'error';
}

const tones = {
  success: 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900',
  error: 'bg-red-700 text-white dark:bg-red-200 dark:text-red-950',
};

/** A short message shown for `durationMs`, then gone; showing another replaces it. */
export function useToast(durationMs = BANNER_TIMEOUT_MS) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (message: ToastMessage) => {
      clearTimeout(timer.current);
      setToast(message);
      timer.current = setTimeout(() => setToast(null), durationMs);
    },
    [durationMs],
  );
  return { toast, show };
}

/**
 * Where toasts appear, at the foot of the screen. The live region is always in the page, so
 * screen readers announce a message the moment it is put in.
 */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center"
    >
      {toast && (
        <p className={`rounded-lg px-4 py-3 text-sm font-semibold shadow-lg ${tones[toast.tone]}`}>
          {toast.text}
        </p>
      )}
    </div>
  );
}
