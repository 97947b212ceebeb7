import { z } from 'zod';

/** The staff second factor: an authenticator app (TOTP, 6 digits every 30 s). */
export const TOTP_DIGITS = 6;
/** One-time recovery codes handed out at enrolment, for a lost phone. */
export const RECOVERY_CODE_COUNT = 10;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A recovery code as printed ("abcde-fghij"); case and spaces do not matter. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'Enter a recovery code as it was printed'));

/** What an authenticator app needs to be set up: a QR code, or the key typed by hand. */
export const mfaSetupSchema = z
  .object({
    /** The key in base32, for typing into the app by hand. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a QR code, a data: URL of a PNG. */
    qrDataUrl: z.string(),
  })
  .meta({ id: 'MfaSetup' });
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

export const mfaCodeSchema = z.object({ code: totpCodeSchema }).meta({ id: 'MfaCode' });

/** Finish a staff sign-in: the app's code, or one of the recovery codes. */
export const mfaVerifySchema = z
  .union([
    z.object({ code: totpCodeSchema }).strict(),
    z.object({ recoveryCode: recoveryCodeSchema }).strict(),
  ])
  .meta({ id: 'MfaVerify' });

export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });

export const mfaVerifiedSchema = z
  .object({ next: z.literal('staff'), recoveryCodesLeft: z.number().int() })
  .meta({ id: 'MfaVerified' });

/** What a customer's second factor for signing in may be (decision 33). */
export const SIGNIN_FACTOR_METHODS = ['passkey', 'authenticator'] as const;

/**
 * A customer's second factor for signing in (decision 33): which, since when, codes left, and
 * how many browsers skip it now (passed it within 90 days).
 */
export const secondFactorStatusSchema = z
  .object({
    method: z.enum(SIGNIN_FACTOR_METHODS).nullable(),
    enabledAt: z.iso.datetime().nullable(),
    recoveryCodesLeft: z.number().int().min(0),
    rememberedBrowsers: z.number().int().min(0),
  })
  .meta({ id: 'SecondFactorStatus' });
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** Remembered browsers forgotten: how many skipped the second step until now. */
export const forgottenBrowsersSchema = z
  .object({ forgotten: z.number().int().min(0) })
  .meta({ id: 'ForgottenBrowsers' });
export type ForgottenBrowsers = z.infer<typeof forgottenBrowsersSchema>;

/** The account password, asked again before turning the second factor off or renewing codes. */
export const currentPasswordSchema = z
  .strictObject({ currentPassword: z.string().min(1, 'Enter your password').max(200) })
  .meta({ id: 'CurrentPassword' });
