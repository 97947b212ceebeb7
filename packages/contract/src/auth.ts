import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

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

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const nameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    // Letters of any script, spaces, apostrophes, hyphens and dots: real names, no markup.
    .regex(/^[\p{L}\p{M}' .-]+$/u, `${label} may contain letters, spaces, ' - and . only`);

export const usernameSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_.-]{3,30}$/,
    'Username must be 3 to 30 letters, digits, dots, dashes or underscores',
  );

export const signupSchema = z
  .object({
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    acceptTerms: z.literal(true, {
      error: 'Please confirm that you are at least 18 years old and accept the terms',
    }),
  })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.infer<typeof signupSchema>;

export const emailCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), `Enter the ${EMAIL_CODE_LENGTH}-digit code`);

export const verifyEmailSchema = z
  .object({ email: emailSchema, code: emailCodeSchema })
  .meta({ id: 'VerifyEmailRequest' });

export const emailOnlySchema = z.object({ email: emailSchema }).meta({ id: 'EmailRequest' });

export const signinSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
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
    z.object({ next: z.literal('staff') }),
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
