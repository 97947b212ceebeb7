import { useId, type ChangeEvent, type Ref } from 'react';
import { FieldFrame, useFieldIds } from './FieldFrame';
import { FilePreview } from './FilePreview';

export interface FileFieldProps {
  label: string;
  accept: string;
  /** The chosen file, whose name is shown. */
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  hint?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  /** The input itself, so a form can move focus to it (e.g. to a server's error). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled file input that previews the chosen file (picture, or name and size) and an error. */
export function FileField({
  label,
  accept,
  file,
  onFile,
  error,
  hint,
  name,
  disabled,
  required,
  ref,
}: FileFieldProps) {
  const baseId = useId();
  const nameId = `${baseId}-name`;
  const ids = useFieldIds(baseId, hint, error, file ? nameId : undefined);
  return (
    <FieldFrame label={label} required={required} hint={hint} error={error} {...ids}>
      <input
        ref={ref}
        id={ids.controlId}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onFile(event.target.files?.[0] ?? null)}
        className="w-full max-w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-700 dark:file:bg-slate-950 dark:file:text-brand-50"
      />
      {file && <FilePreview file={file} label={label} id={nameId} />}
    </FieldFrame>
  );
}
