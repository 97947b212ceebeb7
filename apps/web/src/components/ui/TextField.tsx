import { useId, type ComponentProps, type ReactNode } from 'react';

export interface TextFieldProps extends ComponentProps<'input'> {
  /** The visible label, tied to the input. */
  label: string;
  /** The error under the field; marks the input invalid and is read out with it. */
  error?: string;
  /** A hint under the label, read out with the input. */
  hint?: ReactNode;
  /** Drawn inside the input's right edge, e.g. a show-password toggle. */
  trailing?: ReactNode;
}

/** A labelled text input with its hint and error, wired for screen readers. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  required,
  className = '',
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  // The required star is drawn by CSS so the label's accessible name stays the plain label.
  const requiredMark = required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : '';

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className={`font-medium ${requiredMark}`}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <div className="relative">
        <input
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-50 ${
            error ? 'border-red-700 dark:border-red-400' : 'border-slate-500 dark:border-slate-400'
          } ${trailing ? 'pr-20' : ''} ${className}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
