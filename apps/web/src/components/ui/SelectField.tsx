import { useId, type ComponentProps, type ReactNode } from 'react';

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled <select> with its hint and error, styled like TextField. */
export function SelectField({
  label,
  error,
  hint,
  id,
  required,
  className = '',
  children,
  ...select
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const requiredMark = required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className={`font-medium ${requiredMark}`}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <select
        id={selectId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-50 ${
          error ? 'border-red-700 dark:border-red-400' : 'border-slate-500 dark:border-slate-400'
        } ${className}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
