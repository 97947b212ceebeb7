import {
  PIN_LOCK_MS,
  PIN_MAX_FAILURES,
  PIN_NOT_CREATED,
  type ChangePinRequest,
  type PinResetRequest,
  type PinStatus,
} from '@bank/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { auditSecurityEvent } from '../../platform/audit/index.js';
import { freshCode } from '../../platform/codes/index.js';
import { AppError } from '../../platform/errors.js';
import { checkOwnPassword, users } from '../users/index.js';
import { hashPin, pinMatches } from './crypto.js';
import { pinResetCodeEmail } from './emails.js';
import * as repo from './repo.js';

export const NO_PIN = PIN_NOT_CREATED;

interface Person {
  userId: bigint;
  ip: string;
  userAgent: string;
}

export async function pinStatus(deps: AppDeps, userId: bigint): Promise<PinStatus> {
  const row = await repo.pinOf(deps.db, userId);
  const now = deps.clock.now();
  const locked = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  return { hasPin: row !== undefined, lockedUntil: locked ? locked.toISOString() : null };
}

async function owner(db: Kysely<DB>, userId: bigint) {
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return user;
}

/** The first PIN (spec: pincreation). A second creation is refused: change or reset it instead. */
export async function createPin(deps: AppDeps, person: Person, pin: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const user = await owner(trx, person.userId);
    const now = deps.clock.now();
    if (!(await repo.insertPin(trx, user.id, hashPin(deps.config.secretKey, user.id, pin), now))) {
      throw new AppError('CONFLICT', 'You already have a transaction PIN. Change it in Settings.');
    }
    await deps.notifications.send(trx, user.id, 'pin.created', {});
  });
}

type Judgement =
  | { ok: true }
  | { ok: false; reason: 'no_pin' }
  | { ok: false; reason: 'locked'; until: Date }
  | { ok: false; reason: 'wrong'; triesLeft: number };

/**
 * The one PIN check, for settings, transfers and payments from the balance. The PIN row is
 * locked while a try is judged, so tries sent at once are counted one after another. A rest in
 * force refuses every try unjudged, the right PIN too. The try's outcome is committed before the
 * caller hears of it, so a wrong try counts even though the caller's own work is refused. Five
 * wrong PINs in a row rest PIN use for 30 minutes; the customer is told in the app and by email.
 */
export async function verifyPin(deps: AppDeps, person: Person, pin: string): Promise<void> {
  const judged = await deps.db.transaction().execute(async (trx): Promise<Judgement> => {
    const row = await repo.lockPin(trx, person.userId);
    if (!row) return { ok: false, reason: 'no_pin' };
    const now = deps.clock.now();
    if (row.lockedUntil && row.lockedUntil > now) {
      return { ok: false, reason: 'locked', until: row.lockedUntil };
    }
    // A rest that has passed starts the count again.
    const failuresSoFar = row.lockedUntil ? 0 : row.failures;
    if (pinMatches(deps.config.secretKey, person.userId, pin, row)) {
      if (row.failures !== 0 || row.lockedUntil) {
        await repo.setFailures(trx, person.userId, 0, null, now);
      }
      return { ok: true };
    }
    const failures = failuresSoFar + 1;
    const locked = failures >= PIN_MAX_FAILURES;
    const until = locked ? new Date(now.getTime() + PIN_LOCK_MS) : null;
    await repo.setFailures(trx, person.userId, failures, until, now);
    const event = { actor: person, targetId: String(person.userId), customerId: person.userId };
    // The wrong try stays counted even if its record cannot be written (a savepoint).
    if (until) {
      await auditSecurityEvent(deps.audit, trx, {
        ...event,
        action: 'security.pin_locked',
        after: { failures, lockedUntil: until.toISOString() },
      });
      await deps.notifications.send(trx, person.userId, 'pin.locked', {
        minutes: PIN_LOCK_MS / 60_000,
      });
      return { ok: false, reason: 'locked', until };
    }
    await auditSecurityEvent(deps.audit, trx, {
      ...event,
      action: 'security.pin_failed',
      after: { failures },
    });
    return { ok: false, reason: 'wrong', triesLeft: PIN_MAX_FAILURES - failures };
  });
  if (judged.ok) return;
  if (judged.reason === 'no_pin') throw new AppError('CONFLICT', NO_PIN);
  if (judged.reason === 'locked') throw pinLocked(deps, judged.until);
  throw new AppError(
    'UNPROCESSABLE',
    `Incorrect PIN. ${judged.triesLeft} ${judged.triesLeft === 1 ? 'try' : 'tries'} left before PIN use is paused.`,
    { errors: [{ path: 'body.pin', message: 'Incorrect PIN' }] },
  );
}

function pinLocked(deps: AppDeps, until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - deps.clock.now().getTime()) / 60_000));
  return new AppError(
    'PIN_LOCKED',
    `Too many wrong PINs. For your security, PIN use is paused for ${minutes} more minute${minutes === 1 ? '' : 's'}. Forgot your PIN? Reset it in Settings.`,
    { lockedUntil: until.toISOString() },
  );
}

/**
 * Sets a new PIN in place of the old one (the count of wrong tries and any rest end with it),
 * and tells the customer in the app and by email, in one transaction.
 */
async function replacePin(
  deps: AppDeps,
  userId: bigint,
  newPin: string,
  notice: 'pin.changed' | 'pin.reset',
) {
  await deps.db.transaction().execute(async (trx) => {
    const user = await owner(trx, userId);
    await repo.replacePin(
      trx,
      user.id,
      hashPin(deps.config.secretKey, user.id, newPin),
      deps.clock.now(),
    );
    await deps.notifications.send(trx, user.id, notice, {});
  });
}

/** Settings: a new PIN, given the current one (which goes through the one PIN check). */
export async function changePin(
  deps: AppDeps,
  person: Person,
  input: Pick<ChangePinRequest, 'currentPin' | 'newPin'>,
): Promise<void> {
  try {
    await verifyPin(deps, person, input.currentPin);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNPROCESSABLE') {
      throw new AppError('UNPROCESSABLE', error.message, {
        ...error.details,
        errors: [{ path: 'body.currentPin', message: 'Incorrect PIN' }],
      });
    }
    throw error;
  }
  await replacePin(deps, person.userId, input.newPin, 'pin.changed');
}

/**
 * A forgotten PIN, first step: the account password, then a code by email (at most one a
 * minute; the one in the inbox still works in between). A wrong password is a security event.
 */
export async function startPinReset(deps: AppDeps, person: Person, password: string) {
  const user = await owner(deps.db, person.userId);
  await checkOwnPassword(deps, person, password, 'body.password');
  if (!(await repo.pinOf(deps.db, user.id))) throw new AppError('CONFLICT', NO_PIN);
  await deps.db.transaction().execute(async (trx) => {
    const code = await freshCode(deps, trx, user.id, 'pin_reset', { refuseWhenPaused: true });
    if (code) await deps.mail.send(trx, await pinResetCodeEmail(user.email, user.firstName, code));
  });
  return { email: user.email };
}

/** A forgotten PIN, second step: the emailed code sets the new PIN and lifts any rest. */
export async function resetPin(
  deps: AppDeps,
  person: Person,
  input: Pick<PinResetRequest, 'code' | 'newPin'>,
): Promise<void> {
  const checked = await deps.db.transaction().execute((trx) =>
    deps.codes.check(trx, {
      userId: person.userId,
      purpose: 'pin_reset',
      code: input.code,
      actor: person,
    }),
  );
  if (!checked.ok) throw checked.error;
  await replacePin(deps, person.userId, input.newPin, 'pin.reset');
}

/**
 * Lifts a pause on PIN use before it ends (the back office, once the customer proved who they
 * are on a call): the count of wrong tries starts again. Runs in the caller's transaction (a
 * staff decision); null when PIN use is not paused, and nothing changes.
 */
export async function liftPinPause(
  deps: AppDeps,
  trx: Kysely<DB>,
  userId: bigint,
): Promise<{ failures: number; pausedUntil: Date } | null> {
  const row = await repo.lockPin(trx, userId);
  const now = deps.clock.now();
  if (!row?.lockedUntil || row.lockedUntil <= now) return null;
  await repo.setFailures(trx, userId, 0, null, now);
  return { failures: row.failures, pausedUntil: row.lockedUntil };
}
