import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-pressed={visible}
          aria-label="Show password"
          onClick={() => setVisible((shown) => !shown)}
          className="min-h-9 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-50 dark:hover:bg-slate-800"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
