import type { Kysely } from 'kysely';
import type {
  CustomerActionResult,
  CustomerMessage,
  CustomerNote,
  FreezeReason,
  FreezeRequest,
  FreezeScope,
  SetRestriction,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { lockCustomerAccounts } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import {
  SESSION_IDLE_MS,
  recentSessions,
  revokeUserSessions,
} from '../../platform/security/sessions.js';
import { liftPinPause } from '../pin/index.js';
import { standing, type CustomerStanding } from '../users/index.js';
import * as repo from './repo.js';
import { NO_SUCH_CUSTOMER, customerOverview, freezeScope, noteView } from './views.js';

/**
 * The back office's actions on a customer (decision 21). Each is one staff decision
 * (platform/decisions.ts): the customer's row locked (FOR NO KEY UPDATE, the lock their own
 * money decisions take, so an action and a transfer being submitted go one after the other), the
 * change, the audit event with the staff member's reason, and the notice that tells the customer
 * where it concerns them, in one transaction.
 */

const customer = (customerId: bigint) => ({
  lock: (trx: Kysely<DB>) => standing.lockCustomerStanding(trx, customerId),
  notFound: NO_SUCH_CUSTOMER,
});

async function result(
  deps: AppDeps,
  customerId: bigint,
  outcome: string,
): Promise<CustomerActionResult> {
  return { outcome, customer: await customerOverview(deps, customerId) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Sets (or replaces) the restriction notice: the customer is signed out everywhere at once, and
 * their next sign-in shows the notice (the spec's info notice page) instead of a session.
 */
export async function setRestriction(
  deps: AppDeps,
  customerId: bigint,
  input: SetRestriction,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  const { ended } = await decide(deps, {
    ...customer(customerId),
    async apply(trx) {
      await standing.setRestriction(trx, customerId, {
        head: input.head,
        body: input.body,
        reason: input.reason,
        by: actor.userId,
        at: deps.clock.now(),
      });
      return { ended: await revokeUserSessions(trx, customerId) };
    },
    audit: (c, { ended }) => ({
      action: 'customer.restrict',
      actor,
      targetId: String(customerId),
      customerId,
      before:
        c.restrictionHead === null || c.restrictionBody === null
          ? { head: null }
          : { head: c.restrictionHead, body: c.restrictionBody },
      after: { head: input.head, body: input.body, reason: input.reason, sessionsEnded: ended },
    }),
  });
  return result(
    deps,
    customerId,
    `Restriction notice set and ${plural(ended, 'session')} ended: the customer reads the notice at their next sign-in.`,
  );
}

/** Lifts the restriction notice: the customer can sign in again, and is told so. */
export async function liftRestriction(
  deps: AppDeps,
  customerId: bigint,
  reason: string,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  await decide(deps, {
    ...customer(customerId),
    refuse: (c) => (c.restrictionHead === null ? 'This customer has no restriction notice.' : null),
    async apply(trx) {
      if (!(await standing.clearRestriction(trx, customerId, deps.clock.now()))) {
        throw new AppError('CONFLICT', 'This customer has no restriction notice.');
      }
    },
    audit: (c) => ({
      action: 'customer.unrestrict',
      actor,
      targetId: String(customerId),
      customerId,
      before: { head: c.restrictionHead ?? '', body: c.restrictionBody ?? '' },
      after: { reason },
    }),
    notify: () => ({ userId: customerId, kind: 'account.restriction_lifted', data: {} }),
  });
  return result(
    deps,
    customerId,
    'Restriction lifted: the customer can sign in again and was told.',
  );
}

/** The reasons the customer may be told (their own); the others are never named to them. */
function toldReason(code: FreezeReason): 'customer_request' | 'kyc_refresh' | null {
  return code === 'customer_request' || code === 'kyc_refresh' ? code : null;
}

const SCOPE_WORDS: Record<FreezeScope, string> = {
  debits: 'Debits blocked',
  credits: 'Credits blocked',
  both: 'Debits and credits blocked',
};

function freezeBefore(c: CustomerStanding) {
  const scope = freezeScope(c);
  return scope === null || c.freezeReason === null || c.freezeNote === null
    ? { scope: null }
    : { scope, reasonCode: c.freezeReason, note: c.freezeNote };
}

/**
 * Freezes the customer's account (or changes a freeze): debits, credits or both, with a reason
 * code and a note. After writing itself, the freeze takes the locks of every account the
 * customer owns: a payment holding one of them commits first, one arriving later waits and then
 * finds the freeze (decision 21). The balances it saw under those locks go to the audit log.
 */
export async function freeze(
  deps: AppDeps,
  customerId: bigint,
  input: FreezeRequest,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  const debits = input.scope !== 'credits';
  const credits = input.scope !== 'debits';
  await decide(deps, {
    ...customer(customerId),
    async apply(trx) {
      await standing.setFreeze(trx, customerId, {
        debits,
        credits,
        reason: input.reasonCode,
        note: input.note,
        by: actor.userId,
        at: deps.clock.now(),
      });
      return { accounts: await lockCustomerAccounts(trx, customerId) };
    },
    audit: (c, { accounts }) => ({
      action: 'customer.freeze',
      actor,
      targetId: String(customerId),
      customerId,
      before: freezeBefore(c),
      after: {
        scope: input.scope,
        reasonCode: input.reasonCode,
        note: input.note,
        accounts: accounts.map((a) => ({
          accountId: String(a.id),
          accountNumber: a.accountNumber,
          balance: String(a.balance),
        })),
      },
    }),
    // Told once per change they would notice: a new freeze, another scope, another told reason.
    notify: (c) => {
      const told = toldReason(input.reasonCode);
      const same =
        freezeScope(c) === input.scope &&
        c.freezeReason !== null &&
        toldReason(c.freezeReason) === told;
      return same
        ? null
        : { userId: customerId, kind: 'account.frozen', data: { scope: input.scope, told } };
    },
  });
  return result(
    deps,
    customerId,
    `${SCOPE_WORDS[input.scope]}: the customer was told that payments are on hold${toldReason(input.reasonCode) ? '' : ' (not why)'}.`,
  );
}

/** Lifts the freeze: money moves as usual again, and the customer is told. */
export async function unfreeze(
  deps: AppDeps,
  customerId: bigint,
  reason: string,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  await decide(deps, {
    ...customer(customerId),
    refuse: (c) => (c.freezeReason === null ? 'This account is not frozen.' : null),
    async apply(trx) {
      if (!(await standing.clearFreeze(trx, customerId, deps.clock.now()))) {
        throw new AppError('CONFLICT', 'This account is not frozen.');
      }
    },
    audit: (c) => {
      const before = freezeBefore(c);
      if (before.scope === null) throw new AppError('CONFLICT', 'This account is not frozen.');
      return {
        action: 'customer.unfreeze',
        actor,
        targetId: String(customerId),
        customerId,
        before,
        after: { reason },
      };
    },
    notify: () => ({ userId: customerId, kind: 'account.unfrozen', data: {} }),
  });
  return result(deps, customerId, 'Freeze lifted: the customer was told.');
}

/** Lifts a pause on the customer's PIN use (after wrong PINs), and tells them. */
export async function unlockPin(
  deps: AppDeps,
  customerId: bigint,
  reason: string,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  await decide(deps, {
    ...customer(customerId),
    async apply(trx) {
      const lifted = await liftPinPause(deps, trx, customerId);
      if (!lifted) throw new AppError('CONFLICT', "This customer's PIN use is not paused.");
      return lifted;
    },
    audit: (_c, lifted) => ({
      action: 'customer.pin_unlock',
      actor,
      targetId: String(customerId),
      customerId,
      before: { failures: lifted.failures, pausedUntil: lifted.pausedUntil.toISOString() },
      after: { reason },
    }),
    notify: () => ({ userId: customerId, kind: 'pin.unlocked', data: {} }),
  });
  return result(
    deps,
    customerId,
    'PIN pause lifted: the customer can use their PIN again and was told.',
  );
}

/** Signs the customer out of every browser at once, and tells them. */
export async function signOutEverywhere(
  deps: AppDeps,
  customerId: bigint,
  reason: string,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  const { ended } = await decide(deps, {
    ...customer(customerId),
    async apply(trx) {
      const now = deps.clock.now();
      const recent = await recentSessions(trx, customerId, ['customer', 'onboarding'], 100);
      const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
      const live = recent.filter(
        (s) => s.revokedAt === null && s.expiresAt > now && s.lastSeenAt > idleSince,
      );
      if (live.length === 0) {
        throw new AppError('CONFLICT', 'The customer is not signed in anywhere.');
      }
      return { ended: await revokeUserSessions(trx, customerId) };
    },
    audit: (_c, { ended }) => ({
      action: 'customer.sign_out',
      actor,
      targetId: String(customerId),
      customerId,
      after: { reason, sessionsEnded: ended },
    }),
    notify: () => ({ userId: customerId, kind: 'account.signed_out', data: {} }),
  });
  return result(
    deps,
    customerId,
    `${plural(ended, 'session')} ended: the customer was signed out everywhere and told.`,
  );
}

/** A message to the customer, in the app and by email (the `bank.message` kind). */
export async function sendMessage(
  deps: AppDeps,
  customerId: bigint,
  input: CustomerMessage,
  actor: StaffActor,
): Promise<CustomerActionResult> {
  await decide(deps, {
    ...customer(customerId),
    apply: async () => undefined,
    audit: () => ({
      action: 'customer.message',
      actor,
      targetId: String(customerId),
      customerId,
      after: { reason: input.reason, title: input.title, body: input.body },
    }),
    notify: () => ({
      userId: customerId,
      kind: 'bank.message',
      data: { title: input.title, body: input.body },
    }),
  });
  return result(deps, customerId, 'Message sent: the customer has it in the app and by email.');
}

/** An internal note: kept for good (never edited or deleted), read by staff only. */
export async function addNote(
  deps: AppDeps,
  customerId: bigint,
  body: string,
  actor: StaffActor,
): Promise<CustomerNote> {
  const note = await decide(deps, {
    ...customer(customerId),
    apply: (trx) =>
      repo.insertNote(trx, { customerId, authorId: actor.userId, body, at: deps.clock.now() }),
    audit: (_c, row) => ({
      action: 'customer.note',
      actor,
      targetId: String(row.id),
      customerId,
      after: { body },
    }),
  });
  const names = await standing.namesOf(deps.db, [actor.userId]);
  return noteView(note, names.get(actor.userId)?.name ?? 'Unknown');
}
