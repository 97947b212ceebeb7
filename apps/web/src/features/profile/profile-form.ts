import {
  PROFILE_FIELDS,
  checkPhone,
  readablePhone,
  updateProfileSchema,
  type Profile,
  type ProfileField,
  type UpdateProfileRequest,
} from '@bank/contract';
import { z } from 'zod';

/** The form's fields as typed: every one a string ("" for a detail not given yet). */
export type ProfileFormValues = Record<ProfileField, string>;

export { PROFILE_FIELDS };

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

/** The fields whose value differs from what the form started with (the next of kin once typed). */
export function changedFields(
  values: ProfileFormValues,
  before: ProfileFormValues,
): ProfileField[] {
  return PROFILE_FIELDS.filter((field) => values[field] !== before[field]);
}

type Checked = { ok: true; value: string } | { ok: false; message: string };

/**
 * One changed field, checked on its own by the contract's rule for it (the server applies the
 * same): the phone by `checkPhone` with the country chosen in the form, or else the one on file.
 */
function checkField(field: ProfileField, values: ProfileFormValues, profile: Profile): Checked {
  if (field === 'phone') {
    const phone = checkPhone(values.phone, values.country || profile.country);
    return phone.ok ? { ok: true, value: phone.e164 } : phone;
  }
  const parsed = updateProfileSchema.shape[field].safeParse(values[field]);
  if (parsed.success) return { ok: true, value: String(parsed.data) };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check this field' };
}

/**
 * The profile form (a partial edit): only the fields the customer changed are checked and
 * sent, so changing the phone asks for nothing else. A detail not given yet may stay empty;
 * gender and marital status are optional ("Prefer not to say" is an answer). The output is the
 * request to send: an empty one means nothing changed.
 */
export function profileFormSchema(profile: Profile) {
  const before = profileFormValues(profile);
  return z.custom<ProfileFormValues>().transform((values, ctx): UpdateProfileRequest => {
    const edit: Record<string, string> = {};
    for (const field of changedFields(values, before)) {
      // An emptied next of kin keeps the one on file: it is write-only.
      if (field === 'nextOfKin' && values.nextOfKin.trim() === '') continue;
      const checked = checkField(field, values, profile);
      if (checked.ok) edit[field] = checked.value;
      else ctx.addIssue({ code: 'custom', path: [field], message: checked.message });
    }
    return edit as UpdateProfileRequest;
  });
}
