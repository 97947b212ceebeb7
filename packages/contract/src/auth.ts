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

/**
 * A person's name as it will appear in the bank's emails: one to three words of letters (any
 * script), a word joined by apostrophes or hyphens ("O'Brien", "Zoë-Anne") and ending in a dot
 * if it is an initial of one letter ("J."). No digits, no dots but an initial's, no other marks:
 * nobody can put a sentence, a phone number or a web address ("www. evil. com") of their own
 * into a message the bank sends. Compatibility forms (full-width "ＡＬＩＣＥ") are folded first.
 */
const WORD = "(?:\\p{L}\\p{M}*\\.|\\p{L}[\\p{L}\\p{M}]*(?:['’-]\\p{L}[\\p{L}\\p{M}]*)*)";
const NAME = new RegExp(`^${WORD}(?: ${WORD}){0,2}$`, 'u');
export const NAME_MAX_LENGTH = 40;

/** Characters that look like nothing, or like punctuation: never in a name. */
const INVISIBLE_OR_MODIFIER = /[\p{Lm}\p{Default_Ignorable_Code_Point}]|\p{M}{3,}/u;

/** The writing systems a name's word may use, each on its own (Japanese mixes three). */
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
];

/**
 * Each word in one writing system: "Аdа" (Cyrillic А and а around a Latin d) looks like "Ada"
 * and is refused; letters of a script not listed above are refused too.
 */
function wordsInOneScript(name: string): boolean {
  return name.split(' ').every((word) => {
    const scripts = new Set<string>();
    for (const letter of word.match(/\p{L}/gu) ?? []) {
      const script = SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0];
      if (!script) return false;
      scripts.add(script);
    }
    return scripts.size <= 1;
  });
}

export const nameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (name) => !INVISIBLE_OR_MODIFIER.test(name),
      `${label} may contain letters of one writing system per word only`,
    )
    .normalize('NFKC')
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)
    .regex(NAME, `${label} may be one to three words of letters (with ' or - inside a word)`)
    .refine(
      (name) => !INVISIBLE_OR_MODIFIER.test(name) && wordsInOneScript(name),
      `${label} may contain letters of one writing system per word only`,
    );

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

/** The answer to a sign-up: the same for a new and an already registered address. */
export const signupAcceptedSchema = z
  .object({ email: z.string(), message: z.string() })
  .meta({ id: 'SignupAccepted' });
