import { useId, type ReactNode } from 'react';

/** The ids that tie a control to its label, hint and error for screen readers. */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown, extra?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, extra, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** The border and colours every text-like control shares, red when in error. */
export function controlClass(error: string | undefined): string {
  // A field that cannot be changed looks it: greyed, with no white "type here" box.
  return `rounded-lg border bg-white px-3 py-2 text-base text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700 [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700 dark:bg-slate-950 dark:text-slate-50 dark:disabled:bg-slate-800 dark:disabled:text-slate-300 dark:[&[readonly]]:bg-slate-800 dark:[&[readonly]]:text-slate-300 ${
    error ? 'border-red-700 dark:border-red-400' : 'border-slate-500 dark:border-slate-400'
  }`;
}

/**
 * Label above, hint, the control, then the error: the frame of every form field. The required
 * star is drawn by CSS so the label's accessible name stays the plain label.
 */
export function FieldFrame({
  label,
  controlId,
  required,
  hint,
  hintId,
  error,
  errorId,
  children,
}: {
  label: string;
  controlId: string;
  required?: boolean | undefined;
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
  children: ReactNode;
}) {
  const requiredMark = required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className={`font-medium ${requiredMark}`}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
