import {
  PROFILE_PICTURE_MAX_BYTES,
  checkPhone,
  type Profile,
  type UpdateProfileRequest,
} from '@bank/contract';
import countries from 'i18n-iso-countries';
import type { AppDeps } from '../../deps.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { acceptUpload, registerStoredFile, type UploadedPart } from '../../platform/files/index.js';
import { seal } from '../../platform/security/seal.js';
import { users } from '../users/index.js';
import * as repo from './repo.js';

const NEXT_OF_KIN_SEAL = 'next-of-kin';

interface Person {
  userId: bigint;
  ip: string;
  userAgent: string;
}

export async function profile(deps: AppDeps, userId: bigint): Promise<Profile> {
  const row = await repo.profileOf(deps.db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    country: row.country,
    maritalStatus: row.maritalStatus,
    homeAddress: row.homeAddress,
    nextOfKinOnFile: row.nextOfKinSetAt !== null,
    hasPicture: row.pictureKey !== null,
    plan: row.plan ?? 'Basic',
    identityVerified: row.kycStatus === 'approved',
  };
}

const VERIFIED = 'Checked with your identity documents: to change it, contact Help & Support';

/**
 * Once the identity check is approved, the name and the country of residence are what the
 * documents showed: statements print the name, and what the bank offers follows the country.
 * Changing them is a support request (new documents), never a form edit; sending them as they
 * are is no change.
 */
function refuseVerifiedChanges(before: Profile, input: UpdateProfileRequest, country?: string) {
  if (!before.identityVerified) return;
  if (input.firstName !== undefined && input.firstName !== before.firstName) {
    throw fieldError('body.firstName', VERIFIED);
  }
  if (input.lastName !== undefined && input.lastName !== before.lastName) {
    throw fieldError('body.lastName', VERIFIED);
  }
  if (country !== undefined && before.country !== null && country !== before.country) {
    throw fieldError('body.country', VERIFIED);
  }
}

/** The edit's fields as they will be stored, each checked on its own; the others are absent. */
function storedValues(before: Profile, input: UpdateProfileRequest) {
  const country = input.country?.toUpperCase();
  if (country !== undefined && !countries.isValid(country)) {
    throw fieldError('body.country', 'Choose your country from the list');
  }
  let phone: string | undefined;
  if (input.phone !== undefined) {
    // A number typed without its +code is read as one of the country given, or else on file.
    const checked = checkPhone(input.phone, country ?? before.country);
    if (!checked.ok) throw fieldError('body.phone', checked.message);
    phone = checked.e164;
  }
  refuseVerifiedChanges(before, input, country);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone,
    gender: input.gender,
    dateOfBirth: input.dateOfBirth,
    country,
    maritalStatus: input.maritalStatus,
    homeAddress: input.homeAddress,
  };
}

/**
 * Saves what the customer changed, and only that (a partial edit: the fields sent, each checked
 * on its own). The phone is checked for its country and kept in E.164, the country must be in
 * the ISO list, the next of kin is sealed and never read back to the customer. The customer is
 * told in the app; what changed (field names, never values) goes to the audit log.
 */
export async function updateProfile(
  deps: AppDeps,
  person: Person,
  input: UpdateProfileRequest,
): Promise<Profile> {
  const before = await profile(deps, person.userId);
  const after = storedValues(before, input);
  await deps.db.transaction().execute(async (trx) => {
    if (after.firstName !== undefined || after.lastName !== undefined) {
      await users.setNames(
        trx,
        person.userId,
        after.firstName ?? before.firstName,
        after.lastName ?? before.lastName,
      );
    }
    await repo.saveProfile(
      trx,
      person.userId,
      {
        phone: after.phone,
        gender: after.gender,
        dateOfBirth: after.dateOfBirth,
        country: after.country,
        maritalStatus: after.maritalStatus,
        homeAddress: after.homeAddress,
        ...(input.nextOfKin === undefined
          ? {}
          : { nextOfKinSealed: seal(deps.config.secretKey, NEXT_OF_KIN_SEAL, input.nextOfKin) }),
      },
      deps.clock.now(),
    );
    const changed: string[] = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => after[k] !== undefined && before[k] !== after[k],
    );
    if (input.nextOfKin !== undefined) changed.push('nextOfKin');
    if (changed.length === 0) return;
    await deps.notifications.send(trx, person.userId, 'profile.changed', {
      changed: changed.map(label),
    });
    await deps.audit(trx, {
      action: 'profile.update',
      actor: { userId: person.userId, ip: person.ip, userAgent: person.userAgent },
      targetId: String(person.userId),
      after: { changed },
    });
  });
  return profile(deps, person.userId);
}

const LABELS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  phone: 'phone',
  gender: 'gender',
  dateOfBirth: 'date of birth',
  country: 'country',
  maritalStatus: 'marital status',
  homeAddress: 'home address',
  nextOfKin: 'next of kin',
};
const label = (field: string) => LABELS[field] ?? field;

/**
 * A new profile picture (spec: updatepic): judged by its content, re-encoded (which drops any
 * metadata and anything hidden in the file), stored privately; the one it replaces is removed.
 */
export async function setPicture(deps: AppDeps, person: Person, upload: UploadedPart | undefined) {
  if (!upload) throw fieldError('body.profilePic', 'Choose a picture');
  let file;
  try {
    file = await acceptUpload({
      data: upload.data,
      fileName: upload.fileName,
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      allowed: ['jpeg', 'png', 'webp'],
      owner: `user:${person.userId}`,
    });
  } catch (error) {
    // A refused file is said on its field; the check being busy is the route's 503.
    if (error instanceof AppError && error.code !== 'UNAVAILABLE') {
      throw fieldError('body.profilePic', error.message);
    }
    throw error;
  }
  const { key } = await deps.files.put(file);
  let replaced: string | null;
  try {
    replaced = await deps.db.transaction().execute(async (trx) => {
      await registerStoredFile(trx, {
        key,
        purpose: 'profile_picture',
        bytes: file.bytes,
        sha256: file.sha256,
      });
      return repo.setPicture(trx, person.userId, key, deps.clock.now());
    });
  } catch (error) {
    await deps.files.remove(key).catch(() => {});
    throw error;
  }
  // Its row is gone; if removing the file fails now, the orphan sweep removes it later.
  if (replaced) await deps.files.remove(replaced).catch(() => {});
}

export async function picture(deps: AppDeps, userId: bigint) {
  const row = await repo.profileOf(deps.db, userId);
  if (!row?.pictureKey) throw new AppError('NOT_FOUND', 'No picture');
  const data = await deps.files.read(row.pictureKey);
  const mime = row.pictureKey.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  return { data, mime };
}
