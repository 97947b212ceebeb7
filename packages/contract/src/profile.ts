import { z } from 'zod';
import { nameSchema } from './names.js';
import { MINIMUM_AGE, PHONE_REQUIRED } from './constants.js';
import { textSchema } from './text.js';

export const GENDERS = ['female', 'male', 'non_binary', 'undisclosed'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  non_binary: 'Non-binary',
  undisclosed: 'Prefer not to say',
};
export const MARITAL_STATUSES = [
  'single',
  'married',
  'civil_partnership',
  'separated',
  'divorced',
  'widowed',
  'undisclosed',
] as const;
export const MARITAL_STATUS_LABELS: Record<(typeof MARITAL_STATUSES)[number], string> = {
  single: 'Single',
  married: 'Married',
  civil_partnership: 'Civil partnership',
  separated: 'Separated',
  divorced: 'Divorced',
  widowed: 'Widowed',
  undisclosed: 'Prefer not to say',
};

/** Whole years from a YYYY-MM-DD birth date to `today` (a Date at UTC midnight or later). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A real calendar date, YYYY-MM-DD, of someone at least 18 and at most 130 years old. */
export const dateOfBirthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Enter a real date')
  .refine(
    (value) => ageOn(value, new Date()) >= MINIMUM_AGE,
    `You must be at least ${MINIMUM_AGE} years old`,
  )
  .refine((value) => ageOn(value, new Date()) <= 130, 'Enter your real date of birth');

/** The fields of a profile edit, each checked on its own (spec: updateprofile). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'gender',
  'dateOfBirth',
  'country',
  'maritalStatus',
  'homeAddress',
  'nextOfKin',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export const NOTHING_TO_SAVE = 'Change at least one detail to save';

/**
 * Profile edits (spec: updateprofile): only the fields being changed, each checked on its own,
 * so that a customer changing a phone number fills in nothing else. Strict: anything else
 * (role, status, plan, identity check, balances) is refused, never silently taken. The phone is
 * checked with the country (this one, or the profile's) by `checkPhone` on the server and in
 * the form; here only its size. Gender and marital status are optional, with "Prefer not to
 * say". The next of kin is write-only: sent to change it, never shown back.
 */
export const updateProfileSchema = z
  .strictObject({
    firstName: nameSchema('First name').optional(),
    lastName: nameSchema('Last name').optional(),
    phone: textSchema().trim().min(1, PHONE_REQUIRED).max(40, 'At most 40 characters').optional(),
    gender: z.enum(GENDERS, { error: 'Choose from the list' }).optional(),
    dateOfBirth: dateOfBirthSchema.optional(),
    country: textSchema()
      .regex(/^[A-Za-z]{2}$/, 'Choose your country from the list')
      .optional(),
    maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose from the list' }).optional(),
    homeAddress: textSchema().trim().min(5, 'Enter your home address').max(300).optional(),
    nextOfKin: textSchema()
      .trim()
      .min(3, 'Enter the name and how to reach them')
      .max(200, 'At most 200 characters')
      .optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), NOTHING_TO_SAVE)
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

/** The profile as the customer sees it (spec: getprofile), without the next of kin. */
export const profileSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    dateOfBirth: z.string().nullable(),
    country: z.string().nullable(),
    maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
    homeAddress: z.string().nullable(),
    /** Whether a next of kin is on file; who it is is never sent back. */
    nextOfKinOnFile: z.boolean(),
    hasPicture: z.boolean(),
    plan: z.string(),
    /**
     * The identity check is approved: the name and the country are as the documents showed and
     * are changed through support, not this form.
     */
    identityVerified: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** Largest profile picture accepted, in bytes. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
