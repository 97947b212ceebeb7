import { TextField } from '../ui/TextField';

/** One of the recovery codes as printed ("abcde-fghij"), at a second step instead of the app. */
export function RecoveryCodeField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Recovery code"
      hint="Like abcde-fghij. Each code works once."
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      required
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
