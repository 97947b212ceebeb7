import { useId, type ComponentProps } from 'react';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  error?: string;
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({ label, error, id, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          {...input}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
