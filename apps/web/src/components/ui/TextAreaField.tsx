import type { ComponentProps, ReactNode } from 'react';
import { controlClass, FieldFrame, useFieldIds } from './FieldFrame';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** A hint under the label, read out with the field. */
  hint?: ReactNode;
  error?: string;
}

/** A labelled <textarea> with its hint and error, styled like TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  required,
  className = '',
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} {...ids}>
      <textarea
        id={ids.controlId}
        required={required}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`w-full ${controlClass(error)} ${className}`}
        {...textarea}
      />
    </FieldFrame>
  );
}
