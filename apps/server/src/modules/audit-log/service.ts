import {
  periodInstant,
  type AuditActions,
  type AuditEntry,
  type AuditExportQuery,
  type AuditPage,
  type AuditQuery,
  personName,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AUDIT_EVENTS, auditEventSpec, isAuditAction } from '../../platform/audit/index.js';
import { fieldError } from '../../platform/errors.js';
import { users } from '../users/index.js';
import * as repo from './repo.js';
import type { AuditFilter, AuditRow } from './repo.js';

/** The areas of the catalogue in words (an area without words here reads as its name). */
const AREA_LABELS: Record<string, string> = {
  security: 'Security',
  staff: 'Staff',
  kyc: 'Identity checks',
  funding: 'Funding requests',
  plan: 'Account plans',
  transfer: 'Transfers',
  approval: 'Two-person approvals',
  catalog: 'Catalog',
  profile: 'Customers’ own changes',
  audit: 'Audit log',
  ledger: 'Ledger',
};

const areaOf = (action: string) => action.split('.')[0] ?? action;
const areaLabel = (area: string) =>
  AREA_LABELS[area] ?? area.charAt(0).toUpperCase() + area.slice(1).replaceAll('_', ' ');

/** Every catalogued action, grouped by area, for the filter. */
export function auditActionCatalogue(): AuditActions {
  const areas = new Map<string, { action: string; label: string }[]>();
  for (const [action, spec] of Object.entries(AUDIT_EVENTS)) {
    const area = areaOf(action);
    areas.set(area, [...(areas.get(area) ?? []), { action, label: spec.label }]);
  }
  return {
    areas: [...areas].map(([area, actions]) => ({ area, label: areaLabel(area), actions })),
  };
}

/** An action of the catalogue, or an area or group of them ("security", "catalog.crypto_type"). */
function knownAction(action: string): boolean {
  return Object.keys(AUDIT_EVENTS).some((a) => a === action || a.startsWith(`${action}.`));
}

/** Someone named by id or email, as a user id (null: nobody has that email). */
async function personId(deps: AppDeps, given: string): Promise<bigint | null> {
  if (/^\d+$/.test(given)) return BigInt(given);
  return (await users.findUserByEmail(deps.db, given))?.id ?? null;
}

/** The search's filter for the database; null when it can match nothing (an unknown email). */
export async function auditFilterOf(
  deps: AppDeps,
  query: AuditExportQuery,
): Promise<AuditFilter | null> {
  const filter: AuditFilter = {};
  if (query.action !== undefined) {
    if (!knownAction(query.action)) {
      throw fieldError('query.action', 'Choose an action or an area from the list');
    }
    filter.action = query.action;
  }
  if (query.actor === 'system') {
    filter.actor = 'system';
  } else if (query.actor !== undefined) {
    const userId = await personId(deps, query.actor);
    if (userId === null) return null;
    filter.actor = { userId };
  }
  if (query.customer !== undefined) {
    const customerId = await personId(deps, query.customer);
    if (customerId === null) return null;
    filter.customerId = customerId;
  }
  if (query.target !== undefined) {
    const typed = /^([a-z_]+):(.+)$/.exec(query.target);
    filter.target = typed
      ? { type: typed[1] as string, id: typed[2] as string }
      : { id: query.target };
  }
  if (query.from !== undefined) filter.from = periodInstant(query.from, 'from');
  if (query.to !== undefined) filter.to = periodInstant(query.to, 'to');
  return filter;
}

const fullName = (first: string | null, last: string | null) =>
  personName({ firstName: first ?? '', lastName: last ?? '' });

function actorOf(row: AuditRow): AuditEntry['actor'] {
  if (row.actorId === null) {
    // The bank's jobs and tools act with no address; someone not signed in has one.
    return row.ip === null
      ? { kind: 'system', id: null, name: 'Cedar Bank (system)', email: null }
      : { kind: 'anonymous', id: null, name: 'Not signed in', email: null };
  }
  return {
    kind: row.actorKind === 'staff' ? 'staff' : 'customer',
    id: String(row.actorId),
    name: fullName(row.actorFirstName, row.actorLastName) || `User ${row.actorId}`,
    email: row.actorEmail,
  };
}

/** The words of an action: its catalogue entry's, or the action itself for one retired since. */
export function actionLabel(action: string): string {
  return isAuditAction(action) ? auditEventSpec(action).label : action;
}

export function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    seq: String(row.seq),
    at: row.createdAt.toISOString(),
    actor: actorOf(row),
    action: row.action,
    label: actionLabel(row.action),
    target: { type: row.targetType, id: row.targetId },
    customer:
      row.customerId === null
        ? null
        : {
            id: String(row.customerId),
            name: fullName(row.customerFirstName, row.customerLastName),
            email: row.customerEmail ?? '',
          },
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    hash: row.hash,
    prevHash: row.prevHash,
  };
}

/** A page of the audit log, newest first. Reading it changes nothing. */
export async function searchAuditLog(deps: AppDeps, query: AuditQuery): Promise<AuditPage> {
  const filter = await auditFilterOf(deps, query);
  if (!filter) return { items: [], nextCursor: null };
  const rows = await repo.auditRows(deps.db, filter, {
    ...(query.cursor === undefined ? {} : { beforeId: BigInt(query.cursor) }),
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toEntry),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}
