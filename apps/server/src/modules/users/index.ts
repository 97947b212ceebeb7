import {
  checkPasswordAgain,
  type PasswordCheckDeps,
} from '../../platform/security/password-check.js';
import { lockPasswordHolder } from './repo.js';

export * as users from './repo.js';
export type { StaffRecord, UserRecord } from './repo.js';
export * as standing from './standing.js';
export type { CustomerStanding } from './standing.js';
export {
  ON_HOLD_TITLE,
  refuseBlockedCredit,
  refuseBlockedDebit,
  refuseWhenDebitsBlocked,
  refuseUnlessPayer,
  refuseFrozenConfirmation,
  type DebitOperation,
} from './holds.js';

/** The words of a person's own details, which their password must not be made of. */
export function personalWords(person: {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
}): string[] {
  return [person.firstName, person.lastName, person.username, person.email];
}

/**
 * The account password, asked again of someone signed in before a sensitive change (platform's
 * counted check, under the person's row lock): refused on `field` when wrong.
 */
export function checkOwnPassword(
  deps: PasswordCheckDeps,
  asker: { userId: bigint; ip: string; userAgent: string },
  given: string,
  field = 'body.currentPassword',
): Promise<void> {
  return checkPasswordAgain(deps, lockPasswordHolder, asker, given, field);
}
