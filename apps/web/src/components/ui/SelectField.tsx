import type { ComponentProps, ReactNode } from 'react';
import { controlClass, FieldFrame, useFieldIds } from './FieldFrame';

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
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} {...ids}>
      <select
        id={ids.controlId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`min-h-11 w-full ${controlClass(error)} ${className}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
