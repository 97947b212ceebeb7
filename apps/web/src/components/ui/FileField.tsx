import { useId, type ChangeEvent } from 'react';

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
}

/** A labelled file input that shows the chosen file's name and an error. */
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
}: FileFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const nameId = `${id}-name`;
  const describedBy = [hintId, file ? nameId : undefined, errorId].filter(Boolean).join(' ');
  const requiredMark = required ? "after:ml-0.5 after:text-red-700 after:content-['*']" : '';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={`font-medium ${requiredMark}`}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onFile(event.target.files?.[0] ?? null)}
        className="text-base file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-700 dark:file:bg-slate-950 dark:file:text-brand-50"
      />
      {file && (
        <p id={nameId} className="text-sm break-all text-slate-700 dark:text-slate-300">
          Chosen: {file.name}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
