import { recoveryCodeSchema } from '@bank/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { TextField } from '../ui/TextField';

/** One of the recovery codes as printed ("abcde-fghij"), at a second step instead of the app. */
export function RecoveryCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Why this code is not taken: said under the field, which is marked invalid. */
  error?: string | undefined;
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
      error={error}
    />
  );
}

/** What is wrong with a recovery code as typed (the server's own check), or undefined to send it. */
export function recoveryCodeProblem(typed: string): string | undefined {
  if (!typed.trim()) return 'Enter one of your recovery codes';
  const parsed = recoveryCodeSchema.safeParse(typed);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The server's refusal of the recovery code itself (not right, used already, not a code at
 * all), said under the field; null for any other refusal, which the page says its own way.
 */
export function recoveryCodeRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return null;
  return error.fieldErrors.recoveryCode ?? errorMessage(error);
}
