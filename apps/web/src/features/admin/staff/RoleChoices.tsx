import { PERMISSION_LABELS, type StaffRole } from '@bank/contract';
import { useId, type Ref } from 'react';
import { mutedClass } from '../shared/cells';

/**
 * The roles as checkboxes, each with what it is for and what it lets its holder do, so that
 * whoever grants a role sees what they grant. A staff member's permissions are those of all
 * their roles together.
 */
export function RoleChoices({
  roles,
  value,
  onChange,
  error,
  disabled,
  legend = 'Roles',
  ref,
}: {
  roles: readonly StaffRole[];
  value: readonly string[];
  onChange: (roles: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
  legend?: string;
  /** The first checkbox, which takes the focus when the choice is refused. */
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value, name] : value.filter((role) => role !== name));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-3">
      <legend className="font-medium after:ml-0.5 after:text-red-700 after:content-['*']">
        {legend}
      </legend>
      <p className={`text-sm ${mutedClass}`}>
        A staff member holds what all their roles allow together.
      </p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {roles.map((role, index) => {
          const inputId = `${id}-${role.name}`;
          const aboutId = `${inputId}-about`;
          return (
            <li
              key={role.name}
              className="flex items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 dark:ring-slate-700"
            >
              <input
                ref={index === 0 ? ref : undefined}
                id={inputId}
                type="checkbox"
                name="roles"
                value={role.name}
                checked={value.includes(role.name)}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={aboutId}
                onChange={(event) => toggle(role.name, event.target.checked)}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              />
              <div className="min-w-0">
                <label htmlFor={inputId} className="font-semibold">
                  {role.label}
                </label>
                <div id={aboutId} className={`text-sm ${mutedClass}`}>
                  <p>{role.description}</p>
                  <p className="sr-only">Allows:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {role.permissions.map((permission) => (
                      <li key={permission}>{PERMISSION_LABELS[permission]}</li>
                    ))}
                  </ul>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Role names in words, by the roles list ("Identity reviewer, Operations"). */
export function roleLabels(names: readonly string[], roles: readonly StaffRole[] | undefined) {
  const label = new Map((roles ?? []).map((role) => [role.name, role.label]));
  return names.map((name) => label.get(name) ?? name).join(', ');
}
