import { z } from 'zod';
import { emailCodeSchema } from './auth.js';
import { PIN_LENGTH } from './constants.js';

/** Spec texts of the PIN screens (sections 4, 5 and 8). */
export const PIN_MISMATCH =
  'We have detected that the PIN you entered does not match. Please Re-enter PIN';
export const PIN_CREATED = 'Your transaction PIN has been successfully created';
export const PIN_MISSING = 'Invalid Pin';
/** A PIN asked of a customer who has none yet (they are sent to create it). */
export const PIN_NOT_CREATED = 'Create your transaction PIN first.';
/** Consecutive wrong PINs before PIN use rests, and for how long (PRODUCT.md). */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * 60_000;

/** A transaction PIN: exactly four digits. */
export const pinSchema = z
  .string()
  .min(1, PIN_MISSING)
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), `The PIN is ${PIN_LENGTH} digits`);

/**
 * The PIN that authorizes money leaving the balance (a transfer's PIN step, a payment, an
 * upgrade or a fixed deposit paid from the balance): four digits, or the spec's "Invalid Pin"
 * (none entered, or not four digits). Checked by the server's one PIN check (decision 27).
 */
export const transactionPinSchema = z
  .string({ error: PIN_MISSING })
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), PIN_MISSING);

/** Said when a new PIN is one of the first a thief would try. */
export const PIN_TOO_EASY = 'That PIN is easy to guess. Avoid repeated or consecutive digits.';

/**
 * Whether a PIN is among the first tried by someone guessing: one digit repeated (1111) or a run
 * up or down (1234, 9876, 7890).
 */
export function isGuessablePin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => (d - (digits[i] ?? 0) + 10) % 10);
  return steps.every((step) => step === steps[0] && (step === 0 || step === 1 || step === 9));
}

/** A PIN being chosen (not one being checked): four digits, not among the easy guesses. */
export const newPinSchema = pinSchema.refine((pin) => !isGuessablePin(pin), PIN_TOO_EASY);

export const createPinSchema = z
  .object({ pin: newPinSchema, confirmPin: z.string() })
  .refine((v) => v.pin === v.confirmPin, { message: PIN_MISMATCH, path: ['confirmPin'] })
  .meta({ id: 'CreatePinRequest' });
export type CreatePinRequest = z.infer<typeof createPinSchema>;

/** Settings: enabled only when all three are four digits and the new PIN is confirmed (spec). */
export const changePinSchema = z
  .object({ currentPin: pinSchema, newPin: newPinSchema, confirmPin: z.string() })
  .refine((v) => v.newPin !== v.currentPin, {
    message: 'Choose a new PIN that differs from your current one',
    path: ['newPin'],
  })
  .refine((v) => v.newPin === v.confirmPin, { message: PIN_MISMATCH, path: ['confirmPin'] })
  .meta({ id: 'ChangePinRequest' });
export type ChangePinRequest = z.infer<typeof changePinSchema>;

/** A forgotten PIN, first step: the account password; a code is then emailed. */
export const pinResetStartSchema = z
  .object({ password: z.string().min(1, 'Enter your password').max(128) })
  .meta({ id: 'PinResetStartRequest' });

/** A forgotten PIN, second step: the emailed code and the new PIN. */
export const pinResetSchema = z
  .object({ code: emailCodeSchema, newPin: newPinSchema, confirmPin: z.string() })
  .refine((v) => v.newPin === v.confirmPin, { message: PIN_MISMATCH, path: ['confirmPin'] })
  .meta({ id: 'PinResetRequest' });
export type PinResetRequest = z.infer<typeof pinResetSchema>;

/** Whether the customer has a PIN (spec: pincheck / haspin), and whether PIN use rests. */
export const pinStatusSchema = z
  .object({ hasPin: z.boolean(), lockedUntil: z.iso.datetime().nullable() })
  .meta({ id: 'PinStatus' });
export type PinStatus = z.infer<typeof pinStatusSchema>;
