import type { ComponentProps } from 'react';
import { controlClass, FieldFrame, useFieldIds } from './FieldFrame';

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
  const ids = useFieldIds(id, undefined, error);
  return (
    <FieldFrame label={label} required={required} error={error} {...ids}>
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
