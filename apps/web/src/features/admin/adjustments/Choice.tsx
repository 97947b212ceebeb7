import { useId } from 'react';

/** A labelled group of radio buttons (a fieldset and its legend), with its error. */
export function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly (readonly [value: V, label: string, hint: string])[];
  onChange: (value: V) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map(([option, label, hint]) => (
          <label
            key={option}
            className={`flex min-h-11 flex-1 basis-56 cursor-pointer items-start gap-3 rounded-lg border p-3 ${
              value === option
                ? 'border-brand-700 bg-brand-50 dark:border-brand-50 dark:bg-slate-800'
                : 'border-slate-400 dark:border-slate-600'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="mt-1 size-4"
            />
            <span>
              <span className="block font-semibold">{label}</span>
              <span className="block text-sm text-slate-700 dark:text-slate-300">{hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
