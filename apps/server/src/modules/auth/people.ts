import type { Me } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { permissionsOf } from '../../platform/permissions.js';
import type { ActiveSession } from '../../platform/security/sessions.js';
import { users } from '../users/index.js';

/** A session's person: name and status, and for staff the permissions their roles grant. */
export async function whoIs(
  deps: AppDeps,
  session: Pick<ActiveSession, 'userId' | 'scope'>,
): Promise<Me> {
  const user = await users.findUserById(deps.db, session.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  const permissions =
    session.scope === 'staff' ? [...(await permissionsOf(deps.db, session.userId))].sort() : [];
  return {
    scope: session.scope,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    kycStatus: user.kycStatus,
    permissions,
  };
}
