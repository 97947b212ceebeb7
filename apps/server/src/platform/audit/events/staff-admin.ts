import { z } from 'zod';
import { event, id, type EventSpec } from './define.js';

const roles = z.array(z.string());
const status = z.enum(['active', 'deactivated']);

/** Staff management (modules/staff): roles, invitations, deactivation, second-factor resets. */
export const staffAdminEvents = {
  'staff.role_defined': event('role', "A role's permissions set from the bank's default roles", {
    before: z.object({ permissions: z.array(z.string()) }).optional(),
    after: z.object({ label: z.string(), permissions: z.array(z.string()) }),
  }),
  'staff.invite': event('staff_invitation', 'Staff member invited', {
    after: z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      roles,
      expiresAt: z.string(),
    }),
  }),
  'staff.invitation_resent': event('staff_invitation', 'Staff invitation sent again', {
    before: z.object({ expiresAt: z.string() }),
    after: z.object({ expiresAt: z.string(), sends: z.number().int() }),
  }),
  'staff.invitation_revoked': event('staff_invitation', 'Staff invitation revoked', {
    before: z.object({ status: z.literal('pending'), email: z.string() }),
    /** `inviter_removed`: revoked with its inviter's deactivation or loss of staff.manage. */
    after: z.object({
      status: z.literal('revoked'),
      cause: z.literal('inviter_removed').optional(),
    }),
  }),
  'staff.invitation_accepted': event('user', 'Invitation accepted, staff password set', {
    after: z.object({ invitationId: id, email: z.string(), roles }),
  }),
  'staff.roles_changed': event('user', "Staff member's roles changed", {
    before: z.object({ roles }),
    after: z.object({ roles, reason: z.string() }),
  }),
  'staff.deactivated': event('user', 'Staff member deactivated, every session ended', {
    before: z.object({ status }),
    after: z.object({ status, reason: z.string(), sessionsEnded: z.number().int() }),
  }),
  'staff.reactivated': event('user', 'Staff member reactivated', {
    before: z.object({ status }),
    after: z.object({ status, reason: z.string() }),
  }),
  'staff.second_factor_reset': event('user', "Staff member's second factor reset", {
    before: z.object({ secondFactor: z.boolean() }),
    after: z.object({
      secondFactor: z.literal(false),
      sessionsEnded: z.number().int(),
      approvalId: id,
    }),
  }),
  'staff.signin_refused': event('user', 'Sign-in refused: staff member deactivated'),
} satisfies Record<string, EventSpec>;
