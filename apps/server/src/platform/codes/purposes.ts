import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MS,
  TRANSFER_CODE_LENGTH,
} from '@bank/contract';

/** What a one-time code can authorize; each purpose has its own codes, limits and counters. */
export const CODE_PURPOSES = [
  'email_verification',
  'password_reset',
  'signin',
  'email_change',
  'pin_reset',
  'transfer_authorization',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export interface CodeRules {
  length: number;
  ttlMs: number;
  /** Wrong tries on one code before it is spent. */
  maxAttempts: number;
  /**
   * Wrong tries across every code of this purpose for one person in 24 hours. Past it, codes for
   * this purpose pause until the oldest of those tries is a day old: a new code every minute
   * with 5 tries each would otherwise allow thousands of guesses a day.
   */
  dailyFailures: number;
  /**
   * For the flows anyone can start with just an address (password reset, email verification):
   * wrong tries from one requester (client address) in 24 hours, past which that requester's
   * tries are refused. A stranger guessing from one place then stops themselves, not the owner;
   * `dailyFailures` stays as the ceiling over all requesters together.
   */
  requesterDailyFailures?: number;
  /** Codes sent per person and purpose in 24 hours at most: a stranger cannot flood an inbox. */
  dailyIssues: number;
  /**
   * For the open flows: codes sent per person and purpose at the request of one requester in
   * 24 hours, under `dailyIssues` as the ceiling over all. A stranger asking from one place uses
   * up their own share, not the owner's.
   */
  requesterDailyIssues?: number;
}

/** A code for someone who is signed in or gave their password. */
const EMAILED: CodeRules = {
  length: EMAIL_CODE_LENGTH,
  ttlMs: EMAIL_CODE_TTL_MS,
  maxAttempts: EMAIL_CODE_MAX_ATTEMPTS,
  dailyFailures: 15,
  dailyIssues: 20,
};

/** A code anyone may ask to be sent to an address (the owner reads it; strangers guess). */
const OPEN: CodeRules = {
  ...EMAILED,
  dailyFailures: 60,
  requesterDailyFailures: 10,
  dailyIssues: 30,
  requesterDailyIssues: 5,
};

/** PRODUCT.md: every code is 10 minutes, 5 attempts, single use; the transfer code has 4 digits. */
export const CODE_RULES: Record<CodePurpose, CodeRules> = {
  email_verification: OPEN,
  password_reset: OPEN,
  signin: EMAILED,
  email_change: EMAILED,
  pin_reset: EMAILED,
  transfer_authorization: { ...EMAILED, length: TRANSFER_CODE_LENGTH, dailyFailures: 10 },
};

/** Words for the emails and messages about a purpose's codes. */
export const PURPOSE_LABEL: Record<CodePurpose, string> = {
  email_verification: 'email verification',
  password_reset: 'password reset',
  signin: 'sign-in',
  email_change: 'email change',
  pin_reset: 'PIN reset',
  transfer_authorization: 'transfer authorization',
};
