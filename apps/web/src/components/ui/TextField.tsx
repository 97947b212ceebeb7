import { controlClass, FieldFrame, useFieldIds } from './FieldFrame';
import type { ComponentProps, ReactNode } from 'react';

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
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} {...ids}>
      <div className="relative">
        <input
          id={ids.controlId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`min-h-11 w-full ${controlClass(error)} ${trailing ? 'pr-20' : ''} ${className}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldFrame>
  );
}
