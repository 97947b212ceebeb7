export * as users from './repo.js';
export type { StaffRecord, UserRecord } from './repo.js';

/** The words of a person's own details, which their password must not be made of. */
export function personalWords(person: {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
}): string[] {
  return [person.firstName, person.lastName, person.username, person.email];
}
