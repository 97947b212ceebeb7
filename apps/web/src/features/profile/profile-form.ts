import { GENDERS, MARITAL_STATUSES, updateProfileSchema, type Profile } from '@bank/contract';
import { z } from 'zod';
import { readablePhone } from '../../lib/phone';

/** A select's value: one of `values`, or the form's empty "Choose" that must be changed. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .refine((value) => (values as readonly string[]).includes(value), 'Choose from the list')
    .transform((value) => value as T[number]);
}

/**
 * The profile form: the contract's rules (the server applies the same), with the selects
 * starting empty and the next of kin left empty to keep the one on file.
 */
export const profileFormSchema = updateProfileSchema.extend({
  gender: choice(GENDERS),
  maritalStatus: choice(MARITAL_STATUSES),
  nextOfKin: z.union([z.literal(''), updateProfileSchema.shape.nextOfKin.unwrap()]),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;
export const PROFILE_FIELDS = Object.keys(profileFormSchema.shape) as (keyof ProfileFormValues)[];

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ? readablePhone(profile.phone) : '',
    gender: profile.gender ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    country: profile.country ?? '',
    maritalStatus: profile.maritalStatus ?? '',
    homeAddress: profile.homeAddress ?? '',
    nextOfKin: '',
  };
}
