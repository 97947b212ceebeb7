import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * `register`, with a field's error looked at again as soon as the field changes: it goes away
 * the moment the field is fixed (or says what is still wrong), whether it came from the form's
 * rules or from the server, and before the form was ever submitted. `onChange` runs too.
 */
export function registerChecked<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'trigger'>,
) {
  return (name: FieldPath<T>, onChange?: () => void) =>
    form.register(name, {
      onChange: () => {
        onChange?.();
        if (form.getFieldState(name).error) void form.trigger(name);
      },
    });
}
