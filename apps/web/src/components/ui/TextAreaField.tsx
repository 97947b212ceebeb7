import { useId, type ComponentProps } from 'react';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
}

/** A labelled <textarea> with its error, styled like TextField. */
export function TextAreaField({
  label,
  error,
  id,
  required,
  className = '',
  ...textarea
}: TextAreaFieldProps) {
  const generatedId = useId();
  const areaId = id ?? generatedId;
  const errorId = error ? `${areaId}-error` : undefined;
  const requiredMark = required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={areaId} className={`font-medium ${requiredMark}`}>
        {label}
      </label>
      <textarea
        id={areaId}
        required={required}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-950 dark:text-slate-50 ${
          error ? 'border-red-700 dark:border-red-400' : 'border-slate-500 dark:border-slate-400'
        } ${className}`}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
