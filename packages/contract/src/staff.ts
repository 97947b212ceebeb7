import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';
import { nameSchema } from './names.js';
import { PERMISSIONS, type Permission } from './permissions.js';
import { textSchema } from './text.js';

/**
 * Staff management (issue 18): roles, invitations, the staff list and the actions on a staff
 * member. Roles are the server's data (seeded from its default roles); the words for each
 * permission are here, so the invite form and the roles list say what a role can do.
 */

/** What each permission lets a staff member do, in words. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'kyc.review': 'Review identity checks',
  'funding.review': 'Review funding requests (deposits, payments, fixed deposits, upgrades)',
  'transfers.process': 'Process outgoing transfers',
  'customers.manage': 'Manage customers (notices, freezes, PIN unlocks, messages)',
  'catalog.manage': 'Keep the catalog (crypto, plans, purposes, documents, contacts, regions)',
  'ledger.adjust.propose': 'Propose manual ledger adjustments',
  'ledger.adjust.approve': "Approve others' manual ledger adjustments",
  'ledger.trial_balance': 'See the trial balance',
  'audit.read': 'Read the audit log',
  'staff.manage': 'Invite and manage staff',
};

/** How long an emailed invitation link works. */
export const STAFF_INVITATION_TTL_HOURS = 72;

/** The answer of the public invitation page for any link that cannot be used. */
export const INVITATION_NOT_VALID = 'This link is not valid or has expired.';

export const roleNameSchema = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'Not a role name');

export const staffRoleSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'StaffRole' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffRoleListSchema = z
  .object({ items: z.array(staffRoleSchema) })
  .meta({ id: 'StaffRoleList' });
export type StaffRoleList = z.infer<typeof staffRoleListSchema>;

const roleListSchema = z
  .array(roleNameSchema)
  .min(1, 'Choose at least one role')
  .max(20)
  .refine((roles) => new Set(roles).size === roles.length, 'A role is listed twice');

/** Why a staff action was taken, for the audit log. */
const reasonSchema = textSchema()
  .trim()
  .min(3, 'Say why, for the audit log')
  .max(500, 'At most 500 characters');

export const MEMBER_STATUSES = ['active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const person = z.object({ id: z.string(), name: z.string() });

export const staffMemberSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** Role names, sorted. */
    roles: z.array(z.string()),
    status: z.enum(MEMBER_STATUSES),
    /** Their authenticator app is set up (false: the next sign-in enrols it). */
    secondFactor: z.boolean(),
    lastSigninAt: z.iso.datetime().nullable(),
    joinedAt: z.iso.datetime(),
    deactivatedAt: z.iso.datetime().nullable(),
    /** The viewer themselves: nobody changes their own access. */
    isYou: z.boolean(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMemberListSchema = z
  .object({ items: z.array(staffMemberSchema) })
  .meta({ id: 'StaffMemberList' });
export type StaffMemberList = z.infer<typeof staffMemberListSchema>;

export const staffMemberQuerySchema = z.strictObject({
  status: z.enum([...MEMBER_STATUSES, 'all']).default('all'),
  /** Part of a name or email address. */
  q: textSchema().trim().max(100).optional(),
  role: roleNameSchema.optional(),
});
export type StaffMemberQuery = z.input<typeof staffMemberQuerySchema>;

/** An event of the audit log that concerns a staff member (by them or about them). */
export const staffEventSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  action: z.string(),
  /** The action in the audit log's words. */
  label: z.string(),
  /** Who did it (null: the system, or someone not signed in). */
  actor: person.nullable(),
  /** The staff member is the one who acted (else: it was done to them). */
  byThem: z.boolean(),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

export const staffMemberDetailSchema = z
  .object({
    member: staffMemberSchema,
    /** The open proposal to reset their second factor, if one waits for a second person. */
    secondFactorReset: z
      .object({ approvalId: z.string(), proposedBy: person, expiresAt: z.iso.datetime() })
      .nullable(),
    /** The latest events by them or about them, newest first. */
    recentEvents: z.array(staffEventSchema),
  })
  .meta({ id: 'StaffMemberDetail' });
export type StaffMemberDetail = z.infer<typeof staffMemberDetailSchema>;

export const changeRolesSchema = z
  .strictObject({ roles: roleListSchema, reason: reasonSchema })
  .meta({ id: 'ChangeStaffRoles' });
export type ChangeRolesRequest = z.infer<typeof changeRolesSchema>;

export const staffActionReasonSchema = z
  .strictObject({ reason: reasonSchema })
  .meta({ id: 'StaffActionReason' });
export type StaffActionReasonRequest = z.infer<typeof staffActionReasonSchema>;

export const secondFactorResetProposedSchema = z
  .object({ approvalId: z.string(), message: z.string() })
  .meta({ id: 'SecondFactorResetProposed' });

export const INVITATION_STATUSES = ['pending', 'expired'] as const;

export const staffInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(z.string()),
    /** `expired`: the link no longer works; resend it or revoke it. */
    status: z.enum(INVITATION_STATUSES),
    invitedBy: person,
    invitedAt: z.iso.datetime(),
    sentAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'StaffInvitation' });
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffInvitationListSchema = z
  .object({ items: z.array(staffInvitationSchema) })
  .meta({ id: 'StaffInvitationList' });
export type StaffInvitationList = z.infer<typeof staffInvitationListSchema>;

export const inviteStaffSchema = z
  .strictObject({
    email: emailSchema,
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    roles: roleListSchema,
  })
  .meta({ id: 'InviteStaff' });
export type InviteStaffRequest = z.infer<typeof inviteStaffSchema>;

/** The emailed link's token: 32 random bytes, base64url. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_NOT_VALID);

export const invitationLookupSchema = z
  .strictObject({ token: invitationTokenSchema })
  .meta({ id: 'InvitationLookup' });

/** What the invitation page shows its holder: who it is for, until when. */
export const invitationPreviewSchema = z
  .object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationSchema = z
  .strictObject({ token: invitationTokenSchema, password: passwordSchema })
  .meta({ id: 'AcceptInvitation' });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationSchema>;
