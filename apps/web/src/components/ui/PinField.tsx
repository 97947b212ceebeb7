import type { ChangeEvent } from 'react';
import { PIN_LENGTH } from '@bank/contract';
import { TextField } from './TextField';

/**
 * A transaction PIN: four digits, masked, the numeric keypad on phones; anything but digits is
 * dropped as it is typed. Never remembered by the browser.
 */
export function PinField({
  label,
  value,
  onChange,
  error,
  id,
  autoFocus,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      id={id}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_LENGTH}
      pattern={`[0-9]{${PIN_LENGTH}}`}
      value={value}
      error={error}
      autoFocus={autoFocus}
      disabled={disabled}
      className="max-w-40 font-mono text-2xl tracking-[0.5em]"
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onChange(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))
      }
    />
  );
}
