import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf } from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { availabilityFor } from '../availability/index.js';
import { refuseWhenDebitsBlocked, users } from '../users/index.js';

/** Who may send money, from which account: what every step of a transfer checks first. */

export interface Person {
  userId: bigint;
  ip: string;
  userAgent: string;
}

/** A refusal the customer reads in the notice dialog (spec trx_notif). */
export function refused(title: string, body: string): AppError {
  return new AppError('TRANSFER_REFUSED', body, { notice: { title, body } });
}

/** The customer as a transfer needs them: able to send, or the notice saying why not. */
export async function sender(db: Kysely<DB>, userId: bigint, lock: boolean) {
  // Locked FOR NO KEY UPDATE: one customer's submissions wait in line, while the foreign-key
  // checks of others paying this customer (FOR KEY SHARE) pass, so no two payers can deadlock.
  const user = await users.customerStanding(db, userId, { lock });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if (user.restrictionHead !== null && user.restrictionBody !== null) {
    throw refused(user.restrictionHead, user.restrictionBody);
  }
  if (user.kycStatus !== 'approved') {
    throw refused(
      'Transfers are not available',
      'Transfers open once your identity check is approved.',
    );
  }
  // debits_blocked came with the row (under its lock when locked): no second read.
  refuseWhenDebitsBlocked(user, 'transfer');
  return user;
}

export type Sender = Awaited<ReturnType<typeof sender>>;

/** The customer's current account in `currency`: the source of every transfer. */
export async function sourceAccountOf(db: Kysely<DB>, userId: bigint, currency: string) {
  const account = await currentAccountOf(db, userId, currency);
  if (!account) throw new AppError('NOT_FOUND', 'Your account is not open yet.');
  return account.id;
}

/** Refused where staff switched bank transfers off for the customer's country. */
export async function checkAvailable(deps: AppDeps, userId: bigint) {
  const { available } = await availabilityFor(deps, userId);
  if (!available.bank_transfer) {
    throw refused('Not available', 'Bank transfers are not available for your region.');
  }
}
