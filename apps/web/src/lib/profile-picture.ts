import type { Profile } from '@bank/contract';

/**
 * The address of the customer's picture, changed whenever the profile is read again (so a new
 * upload shows at once), or null without a picture.
 */
export function pictureUrl(profile: Profile | undefined, version: number): string | null {
  return profile?.hasPicture ? `/api/v1/profile/picture?v=${version}` : null;
}
