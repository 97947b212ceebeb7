import { z } from 'zod';
import { emailCodeSchema, emailSchema, passwordSchema } from './auth.js';

export const PASSWORD_MISMATCH = 'Password Mismatch';

/** Settings, change password (spec: c_pwd, n_pwd, con_pwd); the sign-up rules apply. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/**
 * Settings, change email: the account password (a session alone must not be able to move the
 * account to another inbox), then a code goes to the new address.
 */
export const changeEmailSchema = z
  .object({
    email: emailSchema,
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
  })
  .meta({ id: 'ChangeEmailRequest' });

export const confirmEmailChangeSchema = z
  .object({ email: emailSchema, code: emailCodeSchema })
  .meta({ id: 'ConfirmEmailChangeRequest' });

/** A signed-in browser of the customer's (Settings, active sessions). */
export const activeSessionSchema = z
  .object({
    id: z.string(),
    /** "Chrome on Windows", from the browser's own description. */
    device: z.string(),
    /** Where the address points, roughly; "Unknown place" when it cannot be told. */
    place: z.string(),
    signedInAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime(),
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z
  .object({ items: z.array(activeSessionSchema) })
  .meta({ id: 'ActiveSessionList' });
