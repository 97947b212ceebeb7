import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { textSchema } from './text.js';

/** Email verification and password reset codes: six digits, emailed, valid 10 minutes. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** How long the "resend code" button rests after a code was sent. */
export const RESEND_COOLDOWN_MS = 60_000;

/** The spec's message for an email without "@" is kept for every malformed address. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, "That doesn't look like an email address")
  .pipe(z.email({ error: "That doesn't look like an email address" }));

export const passwordSchema = textSchema()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const emailCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), `Enter the ${EMAIL_CODE_LENGTH}-digit code`);

export const verifyEmailSchema = z
  .object({ email: emailSchema, code: emailCodeSchema })
  .meta({ id: 'VerifyEmailRequest' });

export const emailOnlySchema = z.object({ email: emailSchema }).meta({ id: 'EmailRequest' });

/**
 * Sign in. `code` is the emailed sign-in code, needed only after the answer was `signin_code`
 * (after repeated wrong passwords, decision 0009).
 */
export const signinSchema = z
  .object({
    email: emailSchema,
    password: textSchema().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
    code: emailCodeSchema.optional(),
  })
  .meta({ id: 'SigninRequest' });

export const resetPasswordSchema = z
  .object({ email: emailSchema, code: emailCodeSchema, newPassword: passwordSchema })
  .meta({ id: 'ResetPasswordRequest' });

/**
 * Where a person goes after signing in or verifying their email: the spec's login outcome
 * table, as data. The web app routes on `next`.
 */
export const authOutcomeSchema = z
  .discriminatedUnion('next', [
    z.object({ next: z.literal('verify_email'), email: z.string() }),
    /** Too many attempts since the last success: an emailed code is needed with the password. */
    z.object({ next: z.literal('signin_code'), email: z.string() }),
    /** Staff: the password was right; now the authenticator app (or enrol it first). */
    z.object({ next: z.literal('staff_mfa'), enrolled: z.boolean() }),
    z.object({ next: z.literal('staff') }),
    /**
     * A customer who turned on a second factor, in a browser that has not passed it: the
     * passkey or the authenticator app's code (or a recovery code) next (decision 33).
     */
    z.object({ next: z.literal('second_factor'), method: z.enum(['passkey', 'authenticator']) }),
    z.object({ next: z.literal('notice'), head: z.string(), body: z.string() }),
    z.object({
      next: z.literal('kyc_submit'),
      status: z.enum(['not_verified', 'declined']),
      declineReason: z.string().nullable(),
    }),
    z.object({ next: z.literal('kyc_review') }),
    z.object({ next: z.literal('dashboard') }),
  ])
  .meta({ id: 'AuthOutcome' });
export type AuthOutcome = z.infer<typeof authOutcomeSchema>;

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
