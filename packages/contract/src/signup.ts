import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';
import { nameSchema } from './names.js';

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

/** The answer to a sign-up: the same for a new and an already registered address. */
export const signupAcceptedSchema = z
  .object({ email: z.string(), message: z.string() })
  .meta({ id: 'SignupAccepted' });
