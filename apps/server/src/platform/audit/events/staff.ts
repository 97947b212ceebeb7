import { z } from 'zod';
import { event, type EventSpec } from './define.js';

export const staffEvents = {
  // Staff
  'staff.bootstrap_admin': event('user', 'First administrator created', {
    after: z.object({ email: z.string(), role: z.string() }),
  }),
  'staff.signin_reset': event('user', 'Staff sign-in reset from the command line', {
    after: z.object({ password: z.boolean(), secondFactor: z.boolean() }),
  }),
  'staff.mfa_enrolled': event('user', 'Authenticator app set up, staff signed in'),
  'staff.signin': event('user', 'Staff signed in'),
  'staff.signin_passkey': event('user', 'Staff signed in with a passkey'),
  'staff.signin_recovery_code': event('user', 'Staff signed in with a recovery code'),
  'staff.recovery_codes_renewed': event('user', 'Recovery codes renewed'),
} satisfies Record<string, EventSpec>;
