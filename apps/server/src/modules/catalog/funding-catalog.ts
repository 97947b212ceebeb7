import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { AuditRecord, StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import type { CatalogProposal } from '@bank/contract';
import { guardOf, proposeAdd, proposeEditIfNeeded, proposeOffering } from './dual-control.js';
import type { EntryKind } from './funding-kinds.js';
import * as repo from './funding-repo.js';

export { accountPlans, cryptoTypes, fixedDepositPlans, paymentPurposes } from './funding-kinds.js';
export type { AnyEntryKind } from './funding-kinds.js';

/**
 * The funding catalog staff keep (catalog.manage): crypto types, payment purposes, fixed-deposit
 * plans and account plans. One shape for the four: add, edit, retire, restore, each audited in
 * the transaction of the change; names unique in any case; never deleted, so a request keeps
 * the entry it named (decision 18).
 */

const nameTaken = (label: string) => {
  const message = `That ${label} name is already in the catalog.`;
  return new AppError('CONFLICT', message, { errors: [{ path: 'body.name', message }] });
};

/** Every entry of a kind, offered or retired, in the order added. */
export async function listEntries<Input, Out>(deps: AppDeps, kind: EntryKind<Input, Out>) {
  const rows = await repo.allRows(deps.db, kind.table);
  return rows.map((row) => kind.output(row, deps.config.currency));
}

async function lockEntry<Input, Out>(trx: Kysely<DB>, kind: EntryKind<Input, Out>, id: bigint) {
  const row = await repo.lockRow(trx, kind.table, id);
  if (!row) throw new AppError('NOT_FOUND', `No such ${kind.label}`);
  return row;
}

function audited<Input, Out>(
  deps: AppDeps,
  trx: Kysely<DB>,
  kind: EntryKind<Input, Out>,
  actor: StaffActor,
  action: 'add' | 'edit' | 'retire' | 'restore',
  id: bigint,
  change: { before?: Out; after: Out },
) {
  // The four kinds' events are catalogued alike (platform/audit/events.ts): an entry before
  // and after, as the API answers it.
  return deps.audit(trx, {
    action: `catalog.${kind.target}.${action}`,
    actor,
    targetId: String(id),
    before: change.before,
    after: change.after,
  } as unknown as AuditRecord);
}

/**
 * Adds an entry, offered at once; a name already there in any case is a 409 on `name`. An entry
 * that decides where money goes or what it costs is proposed instead (dual-control.ts).
 */
export async function addEntry<Input, Out>(
  deps: AppDeps,
  kind: EntryKind<Input, Out>,
  input: Input,
  actor: StaffActor,
): Promise<Out | CatalogProposal> {
  const guard = guardOf(kind);
  if (guard) return proposeAdd(deps, guard, input as Record<string, never>, actor);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await repo.insertRow(trx, kind.table, {
        ...kind.columns(input),
        created_at: now,
        updated_at: now,
      });
      const after = kind.output(row, deps.config.currency);
      await audited(deps, trx, kind, actor, 'add', row.id, { after });
      return after;
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw nameTaken(kind.label);
    throw error;
  }
}

/**
 * Edits an entry (all its fields). Requests already made keep what they recorded: a fixed
 * deposit copies its plan's terms at opening, a request its address. A change of what decides
 * where money goes or what it costs is proposed instead (dual-control.ts).
 */
export async function editEntry<Input, Out>(
  deps: AppDeps,
  kind: EntryKind<Input, Out>,
  id: bigint,
  input: Input,
  actor: StaffActor,
): Promise<Out | CatalogProposal> {
  const currency = deps.config.currency;
  const guard = guardOf(kind);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const locked = await lockEntry(trx, kind, id);
      if (guard) {
        const values = input as Record<string, never>;
        const proposal = await proposeEditIfNeeded(deps, trx, guard, locked, values, actor);
        if (proposal) return proposal;
      }
      const before = kind.output(locked, currency);
      const row = await repo.updateRow(trx, kind.table, id, {
        ...kind.columns(input),
        updated_at: deps.clock.now(),
      });
      const after = kind.output(row, currency);
      await audited(deps, trx, kind, actor, 'edit', id, { before, after });
      return after;
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw nameTaken(kind.label);
    throw error;
  }
}

/**
 * Retires an entry (no form offers it; requests naming it are refused) or offers it again. A
 * crypto type's is proposed instead (dual-control.ts): it takes away or brings back an address.
 */
export async function setEntryOffered<Input, Out>(
  deps: AppDeps,
  kind: EntryKind<Input, Out>,
  id: bigint,
  active: boolean,
  actor: StaffActor,
): Promise<Out | CatalogProposal> {
  const currency = deps.config.currency;
  const guard = guardOf(kind);
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockEntry(trx, kind, id);
    const before = kind.output(row, currency);
    // Already so: nothing changes and nothing is logged.
    if (row.active === active) return before;
    const refusal = active ? null : kind.mustStay?.(row);
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (guard?.offeringGuarded) return proposeOffering(deps, trx, guard, row, active, actor);
    const updated = await repo.updateRow(trx, kind.table, id, {
      active,
      updated_at: deps.clock.now(),
    });
    const after = kind.output(updated, currency);
    await audited(deps, trx, kind, actor, active ? 'restore' : 'retire', id, { before, after });
    return after;
  });
}
