import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * SQL of the staff module: roles and their permissions, who holds which role, and invitations.
 * (The people themselves are rows of `users`, written by the users module.)
 */

// Roles ---------------------------------------------------------------------------------------

export function allRoles(db: Kysely<DB>) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'label', 'description'])
    .orderBy('id')
    .execute();
}

export async function rolePermissions(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('role_permissions')
    .select(['role_id as roleId', 'permission'])
    .orderBy('permission')
    .execute();
  const byRole = new Map<bigint, string[]>();
  for (const row of rows)
    byRole.set(row.roleId, [...(byRole.get(row.roleId) ?? []), row.permission]);
  return byRole;
}

/** A role by name, created when missing, locked until the transaction ends. */
export async function upsertRole(
  db: Kysely<DB>,
  role: { name: string; label: string; description: string },
) {
  await db
    .insertInto('roles')
    .values(role)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('roles')
    .select(['id', 'label', 'description'])
    .where('name', '=', role.name)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.label !== role.label || row.description !== role.description) {
    await db
      .updateTable('roles')
      .set({ label: role.label, description: role.description })
      .where('id', '=', row.id)
      .execute();
  }
  return row.id;
}

export async function permissionsOfRole(db: Kysely<DB>, roleId: bigint): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role_id', '=', roleId)
    .orderBy('permission')
    .execute();
  return rows.map((r) => r.permission);
}

export async function setRolePermissions(
  db: Kysely<DB>,
  roleId: bigint,
  permissions: readonly string[],
) {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length === 0) return;
  await db
    .insertInto('role_permissions')
    .values(permissions.map((permission) => ({ role_id: roleId, permission })))
    .execute();
}

export async function roleIdsByName(db: Kysely<DB>, names: readonly string[]) {
  if (names.length === 0) return new Map<string, bigint>();
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

// Who holds which role ------------------------------------------------------------------------

/** Role names of each of these people, sorted. */
export async function rolesOf(db: Kysely<DB>, userIds: readonly bigint[]) {
  const byUser = new Map<bigint, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id as userId', 'r.name'])
    .where('ur.user_id', 'in', [...userIds])
    .orderBy('r.name')
    .execute();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.name]);
  return byUser;
}

export async function setRolesOf(db: Kysely<DB>, userId: bigint, roleIds: readonly bigint[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
    .execute();
}

/**
 * Takes the one lock under which staff access changes (roles, deactivation, reactivation), held
 * to the end of the transaction: two changes at once are made one after the other, so the
 * second one counts what the first one left. The two-key advisory lock (2, 1) is this module's
 * (the audit chain holds (1, 1)).
 */
export async function lockStaffAccess(db: Kysely<DB>) {
  await sql`select pg_advisory_xact_lock(2, 1)`.execute(db);
}

/** How many active staff members hold `permission` through any of their roles. */
export async function activeHoldersOf(db: Kysely<DB>, permission: string): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.count<string>('u.id').distinct().as('n'))
    .where('u.kind', '=', 'staff')
    .where('u.deactivated_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('rp.permission', '=', permission),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Invitations ---------------------------------------------------------------------------------

const invitationColumns = [
  'i.id',
  'i.email',
  'i.first_name as firstName',
  'i.last_name as lastName',
  'i.status',
  'i.invited_by as invitedBy',
  'i.invited_at as invitedAt',
  'i.sent_at as sentAt',
  'i.sends',
  'i.expires_at as expiresAt',
] as const;

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof lockInvitation>>>;

export async function insertInvitation(
  db: Kysely<DB>,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    tokenHash: string;
    invitedBy: bigint;
    now: Date;
    expiresAt: Date;
    roleIds: readonly bigint[];
  },
): Promise<bigint | null> {
  const row = await db
    .insertInto('staff_invitations')
    .values({
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      token_hash: input.tokenHash,
      invited_by: input.invitedBy,
      invited_at: input.now,
      sent_at: input.now,
      expires_at: input.expiresAt,
    })
    // The one open invitation per address (a unique index): a second is refused, not thrown.
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .where('status', '=', 'pending')
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await db
    .insertInto('staff_invitation_roles')
    .values(input.roleIds.map((roleId) => ({ invitation_id: row.id, role_id: roleId })))
    .execute();
  return row.id;
}

export function lockInvitation(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('staff_invitations as i')
    .select(invitationColumns)
    .where('i.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function invitationById(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('staff_invitations as i')
    .select(invitationColumns)
    .where('i.id', '=', id)
    .executeTakeFirst();
}

export function lockInvitationByToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('staff_invitations as i')
    .select(invitationColumns)
    .where('i.token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export function invitationByToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('staff_invitations as i')
    .select(invitationColumns)
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The open invitations (pending, whether or not their link has expired), newest first. */
export function pendingInvitations(db: Kysely<DB>) {
  return db
    .selectFrom('staff_invitations as i')
    .select(invitationColumns)
    .where('i.status', '=', 'pending')
    .orderBy('i.invited_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(500)
    .execute();
}

export async function pendingInvitationFor(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('staff_invitations')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Role names of each invitation, sorted. */
export async function invitationRoles(db: Kysely<DB>, ids: readonly bigint[]) {
  const byInvitation = new Map<bigint, { id: bigint; name: string }[]>();
  if (ids.length === 0) return byInvitation;
  const rows = await db
    .selectFrom('staff_invitation_roles as ir')
    .innerJoin('roles as r', 'r.id', 'ir.role_id')
    .select(['ir.invitation_id as invitationId', 'r.id', 'r.name'])
    .where('ir.invitation_id', 'in', [...ids])
    .orderBy('r.name')
    .execute();
  for (const row of rows) {
    const list = byInvitation.get(row.invitationId) ?? [];
    list.push({ id: row.id, name: row.name });
    byInvitation.set(row.invitationId, list);
  }
  return byInvitation;
}

/** A new link for a pending invitation: the earlier one stops working. */
export function renewInvitation(
  db: Kysely<DB>,
  id: bigint,
  input: { tokenHash: string; now: Date; expiresAt: Date },
) {
  return db
    .updateTable('staff_invitations')
    .set((eb) => ({
      token_hash: input.tokenHash,
      sent_at: input.now,
      expires_at: input.expiresAt,
      sends: eb('sends', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function revokeInvitation(db: Kysely<DB>, id: bigint, by: bigint, now: Date) {
  return db
    .updateTable('staff_invitations')
    .set({ status: 'revoked', decided_at: now, decided_by: by })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function markAccepted(db: Kysely<DB>, id: bigint, userId: bigint, now: Date) {
  return db
    .updateTable('staff_invitations')
    .set({ status: 'accepted', decided_at: now, decided_by: userId, user_id: userId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * Revokes the pending invitations `inviterId` sent (their links stop working), answering the
 * ones revoked: an invitation stands on its inviter's staff administration, and ends with it.
 */
export function revokeInvitationsBy(db: Kysely<DB>, inviterId: bigint, by: bigint, now: Date) {
  return db
    .updateTable('staff_invitations')
    .set({ status: 'revoked', decided_at: now, decided_by: by })
    .where('invited_by', '=', inviterId)
    .where('status', '=', 'pending')
    .returning(['id', 'email'])
    .execute();
}

/** Whether this person is an active staff member holding `permission` through a role. */
export async function activelyHolds(db: Kysely<DB>, userId: bigint, permission: string) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .select('u.id')
    .where('u.id', '=', userId)
    .where('u.kind', '=', 'staff')
    .where('u.deactivated_at', 'is', null)
    .where('rp.permission', '=', permission)
    .executeTakeFirst();
  return row !== undefined;
}

// A staff member's history --------------------------------------------------------------------

/** The latest audit events by a staff member or about them, newest first. */
export function eventsConcerning(db: Kysely<DB>, userId: bigint, limit: number) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at as at',
      'a.action',
      'a.actor_id as actorId',
      'actor.first_name as actorFirstName',
      'actor.last_name as actorLastName',
    ])
    .where((eb) =>
      eb.or([
        eb('a.actor_id', '=', userId),
        eb.and([eb('a.target_type', '=', 'user'), eb('a.target_id', '=', String(userId))]),
      ]),
    )
    .orderBy('a.seq', 'desc')
    .limit(limit)
    .execute();
}
