import type {
  CustomerAuditEntry,
  CustomerLedgerPage,
  CustomerNote,
  CustomerSessionList,
  FreezeScope,
  StaffCustomer,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { customerAccountBalances, getHistory } from '../../ledger/index.js';
import { customerAuditTrail } from '../../platform/audit/index.js';
import { describeDevice, describePlace } from '../../platform/devices.js';
import { AppError } from '../../platform/errors.js';
import { SESSION_IDLE_MS, recentSessions } from '../../platform/security/sessions.js';
import { withStatuses } from '../accounts/index.js';
import { signinProtectionOf } from '../auth/index.js';
import { identityChecksOf } from '../kyc/index.js';
import { passkeysForStaff } from '../passkeys/index.js';
import { pinStatus } from '../pin/index.js';
import { customerProfile } from '../profile/index.js';
import { standing, type CustomerStanding } from '../users/index.js';
import * as repo from './repo.js';

/**
 * The customer page (customers.manage): the header and profile at once, each longer list as a
 * section of its own, read through the module that owns it. Nothing here reads a password, PIN,
 * code or session token: those columns are never selected.
 */

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export const NO_SUCH_CUSTOMER = 'No such customer';

/** What a freeze blocks, as one word, from the two columns; null when nothing is blocked. */
export function freezeScope(row: {
  debitsBlocked: boolean;
  creditsBlocked: boolean;
}): FreezeScope | null {
  if (row.debitsBlocked && row.creditsBlocked) return 'both';
  if (row.debitsBlocked) return 'debits';
  if (row.creditsBlocked) return 'credits';
  return null;
}

/** The customer, or a 404 (an id of a staff member is no customer either). */
export async function requireCustomer(deps: AppDeps, customerId: bigint) {
  const customer = await standing.customerStanding(deps.db, customerId);
  if (!customer) throw new AppError('NOT_FOUND', NO_SUCH_CUSTOMER);
  return customer;
}

/** The page's header and first screen: who they are, their standing, accounts and identity. */
export async function customerOverview(deps: AppDeps, customerId: bigint): Promise<StaffCustomer> {
  const c = await requireCustomer(deps, customerId);
  const [profile, pin, accounts, identityChecks, names] = await Promise.all([
    customerProfile(deps, customerId),
    pinStatus(deps, customerId),
    customerAccountBalances(deps.db, customerId),
    identityChecksOf(deps, customerId),
    standing.namesOf(
      deps.db,
      [c.restrictedBy, c.frozenBy].filter((id): id is bigint => id !== null),
    ),
  ]);
  const nameOf = (id: bigint | null) => (id === null ? null : (names.get(id)?.name ?? null));
  return {
    id: String(c.id),
    firstName: c.firstName,
    lastName: c.lastName,
    username: c.username,
    email: c.email,
    emailVerified: c.emailVerifiedAt !== null,
    createdAt: c.createdAt.toISOString(),
    kycStatus: c.kycStatus,
    profile: {
      phone: profile.phone,
      gender: profile.gender,
      dateOfBirth: profile.dateOfBirth,
      country: profile.country,
      maritalStatus: profile.maritalStatus,
      homeAddress: profile.homeAddress,
      nextOfKinOnFile: profile.nextOfKinOnFile,
      plan: profile.plan,
    },
    restriction: restrictionOf(c, nameOf),
    freeze: freezeOf(c, nameOf),
    pin: { hasPin: pin.hasPin, pausedUntil: pin.lockedUntil },
    accounts: accounts.map((a) => ({
      id: String(a.id),
      accountNumber: a.accountNumber,
      kind: a.kind,
      name: a.name,
      currency: a.currency,
      balance: String(a.balance),
      totalCredit: String(a.totalCredit),
      totalDebit: String(a.totalDebit),
    })),
    identityChecks,
  };
}

function restrictionOf(c: CustomerStanding, nameOf: (id: bigint | null) => string | null) {
  if (c.restrictionHead === null || c.restrictionBody === null) return null;
  return {
    head: c.restrictionHead,
    body: c.restrictionBody,
    reason: c.restrictionReason,
    setAt: iso(c.restrictedAt),
    setBy: nameOf(c.restrictedBy),
  };
}

function freezeOf(c: CustomerStanding, nameOf: (id: bigint | null) => string | null) {
  const scope = freezeScope(c);
  if (scope === null || c.freezeReason === null || c.freezeNote === null || !c.frozenAt) {
    return null;
  }
  return {
    scope,
    reasonCode: c.freezeReason,
    note: c.freezeNote,
    frozenAt: c.frozenAt.toISOString(),
    frozenBy: nameOf(c.frozenBy),
  };
}

/** One of the customer's accounts (the current one by default), a page of its ledger lines. */
export async function customerLedger(
  deps: AppDeps,
  customerId: bigint,
  query: { account?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<CustomerLedgerPage> {
  await requireCustomer(deps, customerId);
  const accounts = await customerAccountBalances(deps.db, customerId);
  const account =
    query.account === undefined
      ? accounts.find((a) => a.kind === 'customer_current')
      : accounts.find((a) => a.id === BigInt(query.account as string));
  if (!account) {
    throw new AppError(
      'NOT_FOUND',
      query.account === undefined ? 'This customer has no account yet' : 'No such account',
    );
  }
  // Scoped by the owner too: the ledger refuses an account that is not this customer's.
  const page = await getHistory(
    deps.db,
    { accountId: account.id, ownerId: customerId },
    { limit: query.limit, cursor: query.cursor },
  );
  return {
    account: {
      id: String(account.id),
      accountNumber: account.accountNumber,
      kind: account.kind,
      name: account.name,
    },
    items: await withStatuses(deps, page.items),
    nextCursor: page.nextCursor,
  };
}

/** The most sessions the page lists (the latest). */
const SESSION_LIMIT = 30;

/**
 * The customer's latest sign-ins (on what, from where, when, and whether still live) and how
 * their sign-in is protected: two-step sign-in, passkeys, remembered browsers, each read through
 * the module that owns it.
 */
export async function customerSessions(
  deps: AppDeps,
  customerId: bigint,
): Promise<CustomerSessionList> {
  await requireCustomer(deps, customerId);
  const now = deps.clock.now().getTime();
  const [rows, signin, passkeys] = await Promise.all([
    recentSessions(deps.db, customerId, ['customer', 'onboarding'], SESSION_LIMIT),
    signinProtectionOf(deps, customerId),
    passkeysForStaff(deps, customerId),
  ]);
  return {
    protection: { ...signin, passkeys },
    items: rows.map((s) => {
      const idleEnd = s.lastSeenAt.getTime() + SESSION_IDLE_MS;
      const end = Math.min(s.expiresAt.getTime(), idleEnd);
      const state = s.revokedAt ? 'signed_out' : end <= now ? 'expired' : 'active';
      return {
        id: String(s.id),
        scope: s.scope === 'onboarding' ? 'onboarding' : 'customer',
        device: describeDevice(s.userAgent),
        address: s.ip,
        place: describePlace(s.ip),
        signedInAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        state,
        endedAt:
          state === 'signed_out'
            ? iso(s.revokedAt)
            : state === 'expired'
              ? new Date(end).toISOString()
              : null,
      };
    }),
  };
}

/** Staff's internal notes on the customer, newest first. */
export async function customerNotes(
  deps: AppDeps,
  customerId: bigint,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: CustomerNote[]; nextCursor: string | null }> {
  await requireCustomer(deps, customerId);
  const rows = await repo.notesOf(deps.db, customerId, {
    before: page.cursor ? BigInt(page.cursor) : undefined,
    limit: page.limit,
  });
  const shown = rows.slice(0, page.limit);
  const names = await standing.namesOf(
    deps.db,
    shown.map((r) => r.authorId),
  );
  const items = shown.map((r) => noteView(r, names.get(r.authorId)?.name ?? 'Unknown'));
  return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}

export function noteView(
  row: { id: bigint; body: string; createdAt: Date },
  author: string,
): CustomerNote {
  return { id: String(row.id), body: row.body, author, createdAt: row.createdAt.toISOString() };
}

/** The audit log's events concerning the customer, newest first, each in the catalogue's words. */
export async function customerAudit(
  deps: AppDeps,
  customerId: bigint,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: CustomerAuditEntry[]; nextCursor: string | null }> {
  await requireCustomer(deps, customerId);
  const { rows, more } = await customerAuditTrail(deps.db, customerId, {
    before: page.cursor ? BigInt(page.cursor) : undefined,
    limit: page.limit,
  });
  const names = await standing.namesOf(
    deps.db,
    rows.map((r) => r.actorId).filter((id): id is bigint => id !== null),
  );
  const items = rows.map((r) => {
    const actor = r.actorId === null ? undefined : names.get(r.actorId);
    return {
      id: String(r.id),
      action: r.action,
      label: r.label,
      actor: actor && r.actorId !== null ? { id: String(r.actorId), ...actor } : null,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { items, nextCursor: more ? (items.at(-1)?.id ?? null) : null };
}
