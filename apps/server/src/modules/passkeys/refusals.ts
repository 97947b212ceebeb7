import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../platform/audit/index.js';
import { users } from '../users/index.js';
import type { PasskeyRefused } from './webauthn.js';

/** What a refused passkey answer was for. */
export type RefusalPurpose = 'signin' | 'second_factor' | 'transfer';

/** The audit row of a known passkey's refused answer (inside the caller's transaction). */
export async function auditRefusal(
  deps: AppDeps,
  db: Kysely<DB>,
  refusal: PasskeyRefused,
  purpose: RefusalPurpose,
  actor: Actor,
): Promise<void> {
  const owner = await users.findUserById(db, refusal.passkey.userId);
  await deps.audit(db, {
    action: 'security.passkey_refused',
    actor,
    targetId: String(refusal.passkey.userId),
    customerId: owner?.kind === 'customer' ? owner.id : null,
    after: {
      passkey: String(refusal.passkey.id),
      name: refusal.passkey.name,
      purpose,
      reason: refusal.reason,
    },
  });
}
