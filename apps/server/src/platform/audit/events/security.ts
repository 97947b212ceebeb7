import { z } from 'zod';
import { event, id, type EventSpec } from './define.js';

export const securityEvents = {
  // A customer's own changes
  'profile.update': event('user', 'Profile changed', {
    after: z.object({ changed: z.array(z.string()) }),
  }),
  'security.email_changed': event('user', 'Sign-in email changed', {
    before: z.object({ email: z.string() }),
    after: z.object({ email: z.string() }),
  }),

  // Security events
  'security.signin': event('user', 'Signed in', {
    after: z.object({
      session: z.enum(['customer', 'onboarding']),
      /** How: the password (and code), or a passkey (absent on rows before passkeys). */
      method: z.enum(['password', 'passkey']).optional(),
      /** A customer's two-step sign-in: what passed the step after the password. */
      secondStep: z.enum(['passkey', 'authenticator', 'recovery_code']).optional(),
    }),
  }),
  // Passkeys (decision 0033): the passkey's row id and the name its owner gave it.
  'security.passkey_added': event('user', 'Passkey added', {
    after: z.object({ passkey: id, name: z.string() }),
  }),
  'security.passkey_renamed': event('user', 'Passkey renamed', {
    before: z.object({ name: z.string() }),
    after: z.object({ passkey: id, name: z.string() }),
  }),
  'security.passkey_removed': event('user', 'Passkey removed', {
    after: z.object({ passkey: id, name: z.string() }),
  }),
  /**
   * A passkey of this bank's whose answer was refused, and why (a counter that went backwards
   * may be a cloned key); the person was told only "That passkey did not work".
   */
  'security.passkey_refused': event('user', 'Passkey refused', {
    after: z.object({
      passkey: id,
      name: z.string(),
      purpose: z.enum(['signin', 'second_factor', 'transfer']),
      reason: z.enum([
        'removed',
        'not_theirs',
        'user_handle',
        'signature',
        'counter',
        'not_verified',
      ]),
    }),
  }),
  // A customer's second factor for signing in.
  'security.second_factor_on': event('user', 'Two-step sign-in turned on', {
    after: z.object({ method: z.enum(['passkey', 'authenticator']) }),
  }),
  'security.second_factor_off': event('user', 'Two-step sign-in turned off', {
    before: z.object({ method: z.enum(['passkey', 'authenticator']) }),
  }),
  'security.recovery_codes_renewed': event('user', 'Recovery codes renewed'),
  /** The customer had every remembered browser ask the second step again: how many there were. */
  'security.trusted_browsers_forgotten': event('user', 'Remembered browsers forgotten', {
    after: z.object({ forgotten: z.number().int() }),
  }),
  'security.signout': event('user', 'Signed out'),
  'security.signin_failed': event('user', 'Sign-in failed', {
    after: z.object({ attempt: z.number().int() }),
  }),
  'security.signin_throttled': event('user', 'Sign-in paused after repeated failures', {
    after: z.object({ attempts: z.number().int() }),
  }),
  'security.mfa_failed': event('user', 'Second factor refused', {
    after: z.object({
      failuresToday: z.number().int(),
      renewingRecoveryCodes: z.boolean().optional(),
    }),
  }),
  'security.pin_failed': event('user', 'Wrong transaction PIN', {
    after: z.object({ failures: z.number().int() }),
  }),
  'security.pin_locked': event('user', 'Transaction PIN paused', {
    after: z.object({ failures: z.number().int(), lockedUntil: z.string() }),
  }),
  /** A one-time code refused: its purpose and why, never the code itself. */
  'security.code_failed': event('user', 'One-time code refused', {
    after: z.object({
      purpose: z.string(),
      reason: z.enum(['wrong', 'expired', 'no_code', 'too_many_tries', 'other_details']),
    }),
  }),
  'security.codes_paused': event('user', 'One-time codes paused', {
    after: z.object({ purpose: z.string(), until: z.string() }),
  }),
  'security.password_check_failed': event('user', 'Wrong password given by a signed-in person'),
  /**
   * Too many requests (429) from one client address to one route. At most one row per address
   * and route a minute in each app server (platform/rate-limit-audit.ts), so a flood cannot
   * flood the log. `scope` names a limit counted by something other than the address (a
   * customer's payee checks, or the checks of one account number: decision 24).
   */
  'security.rate_limited': event('route', 'Too many requests refused (429)', {
    after: z.object({
      limit: z.number().int(),
      window: z.string(),
      scope: z.enum(['customer', 'account']).optional(),
    }),
  }),
  'security.permission_denied': event('route', 'Staff request refused for lack of permission', {
    after: z.object({ permission: z.string() }),
  }),
} satisfies Record<string, EventSpec>;
