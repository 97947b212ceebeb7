import {
  formatMoney,
  formatRate,
  type CatalogProposal,
  type DualControlSection,
  type PendingCatalogChange,
} from '@bank/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { AuditRecord, StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import {
  defineApprovalKind,
  openProposalsOf,
  propose,
  type ApprovalKind,
  type DetailLine,
} from '../approvals/index.js';
import {
  accountPlans,
  cryptoTypes,
  fixedDepositPlans,
  type EntryKind,
  type Row,
} from './funding-kinds.js';
import * as repo from './funding-repo.js';

/**
 * Two people for the catalog entries that decide where money goes or what it costs (PRODUCT.md
 * principle 5, decision 21):
 * - crypto types: every change (add, edit, retire, restore), since the address is where
 *   customers send their money and the name tells them what to send to it;
 * - fixed-deposit plans (the rate is what the bank pays, the amounts what it accepts) and
 *   account plans (service charge, daily transfer limit, step-up threshold, price): adding one,
 *   and any edit that changes more than its name. Renaming, retiring and offering again stay
 *   with one person: they change no term a customer pays or earns by;
 * - the institution details (SWIFT, routing number, country), where others send customers'
 *   money.
 * One staff member's change is a proposal (approvals core); a different one with
 * catalog.manage approves it, which applies exactly what was proposed, provided the entry is
 * still as the proposer saw it. Until then customers read the catalog as it was.
 */

type Value = string | number | boolean | null;
type Values = Record<string, Value>;
type Format = 'text' | 'money' | 'rate' | 'count';

interface Field {
  key: string;
  label: string;
  format: Format;
  /** How an empty (null) value reads. */
  none?: string;
}

interface Guard {
  section: DualControlSection;
  kind: EntryKind<unknown, Values>;
  /** The approval kind: `catalog.crypto_type`. */
  approvalKind: string;
  /** The inbox's words for the kind. */
  label: string;
  fields: Field[];
  /** Fields one person may change alone (an edit touching only these applies at once). */
  harmless: readonly string[];
  /** Whether retiring and offering again wait for a second person too. */
  offeringGuarded: boolean;
}

const asKind = (kind: unknown) => kind as EntryKind<unknown, Values>;

const GUARDS: readonly Guard[] = [
  {
    section: 'crypto-types',
    kind: asKind(cryptoTypes),
    approvalKind: 'catalog.crypto_type',
    label: 'Crypto type and deposit address change',
    fields: [
      { key: 'name', label: 'Name', format: 'text' },
      { key: 'address', label: 'Deposit address', format: 'text' },
      { key: 'network', label: 'Network label', format: 'text', none: 'none' },
      { key: 'address2', label: 'Second address', format: 'text', none: 'none' },
    ],
    harmless: [],
    offeringGuarded: true,
  },
  {
    section: 'fixed-deposit-plans',
    kind: asKind(fixedDepositPlans),
    approvalKind: 'catalog.fixed_deposit_plan',
    label: 'Fixed-deposit plan change',
    fields: [
      { key: 'name', label: 'Name', format: 'text' },
      { key: 'termCount', label: 'Term', format: 'count' },
      { key: 'termUnit', label: 'Term unit', format: 'text' },
      { key: 'annualRateBp', label: 'Annual rate', format: 'rate' },
      { key: 'minAmount', label: 'Smallest amount', format: 'money' },
      { key: 'maxAmount', label: 'Largest amount', format: 'money', none: 'no limit' },
    ],
    harmless: ['name'],
    offeringGuarded: false,
  },
  {
    section: 'account-plans',
    kind: asKind(accountPlans),
    approvalKind: 'catalog.account_plan',
    label: 'Account plan change',
    fields: [
      { key: 'name', label: 'Name', format: 'text' },
      { key: 'serviceChargeBp', label: 'Service charge', format: 'rate' },
      { key: 'dailyTransferLimit', label: 'Daily transfer limit', format: 'money' },
      { key: 'stepUpThreshold', label: 'Authorization code from', format: 'money' },
      { key: 'price', label: 'Upgrade price', format: 'money' },
    ],
    harmless: ['name'],
    offeringGuarded: false,
  },
];

const INSTITUTION_KIND = 'catalog.institution';
const INSTITUTION_SUBJECT = { type: 'catalog_institution', id: 'bank' };
const INSTITUTION_FIELDS: Field[] = [
  { key: 'swiftCode', label: 'SWIFT code', format: 'text', none: 'n/a' },
  { key: 'routingNumber', label: 'Routing number', format: 'text', none: 'n/a' },
  { key: 'country', label: 'Country', format: 'text', none: 'n/a' },
  { key: 'postalAddress', label: 'Postal address', format: 'text', none: 'none' },
];

/** The guard of a kind of entry, when its changes wait for a second person. */
export function guardOf(kind: { target: string }): Guard | undefined {
  return GUARDS.find((g) => g.kind.target === kind.target);
}

// What a change is ------------------------------------------------------------------------------

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const payloadSchema = z.object({
  action: z.enum(['add', 'edit', 'retire', 'restore', 'update']),
  /** The entry it changes (null: an addition, or the institution details). */
  entryId: z
    .string()
    .regex(/^\d{1,19}$/)
    .nullable(),
  name: z.string(),
  /** The entry as the proposer saw it; approval refuses if it is not so any more. */
  before: z.record(z.string(), value).nullable(),
  /** What approving writes: the fields, or `{ active }` to retire or offer again. */
  after: z.record(z.string(), value),
});
type Payload = z.output<typeof payloadSchema>;
type Action = Payload['action'];

/** An entry's terms that a change compares: its fields and whether it is offered. */
function termsOf(fields: readonly Field[], entry: Values, withActive: boolean): Values {
  const terms: Values = {};
  for (const f of fields) terms[f.key] = entry[f.key] ?? null;
  if (withActive) terms.active = entry.active ?? null;
  return terms;
}

const changedKeys = (before: Values, after: Values) =>
  Object.keys(after).filter((key) => (before[key] ?? null) !== (after[key] ?? null));

function shown(field: Field, v: Value | undefined, currency: string): string {
  if (v === null || v === undefined || v === '') return field.none ?? 'none';
  switch (field.format) {
    case 'money':
      return /^\d+$/.test(String(v)) ? formatMoney(BigInt(String(v)), currency) : String(v);
    case 'rate':
      return typeof v === 'number' ? formatRate(v) : String(v);
    default:
      return String(v);
  }
}

const offered = (v: Value | undefined) => (v ? 'offered' : 'retired');

function actionWords(noun: string, p: Payload): string {
  switch (p.action) {
    case 'add':
      return `Add the ${noun} ${p.name}`;
    case 'edit':
      return `Change the ${noun} ${p.name}`;
    case 'retire':
      return `Retire the ${noun} ${p.name}: customers no longer see it`;
    case 'restore':
      return `Offer the ${noun} ${p.name} to customers again`;
    case 'update':
      return "Change the bank's institution details";
  }
}

/** What approving does, line by line: each changed field "before → after". */
function detailsOf(
  noun: string,
  fields: readonly Field[],
  p: Payload,
  currency: string,
): DetailLine[] {
  const lines: DetailLine[] = [{ label: 'Change', value: actionWords(noun, p) }];
  const before = p.before ?? {};
  if (p.action === 'add') {
    for (const f of fields)
      lines.push({ label: f.label, value: shown(f, p.after[f.key], currency) });
  } else if (p.action === 'retire' || p.action === 'restore') {
    lines.push({
      label: 'Offered',
      value: `${offered(before.active)} → ${offered(p.after.active)}`,
    });
    for (const f of fields)
      lines.push({ label: f.label, value: shown(f, before[f.key], currency) });
  } else {
    const changed = new Set(changedKeys(before, p.after));
    for (const f of fields) {
      if (!changed.has(f.key)) continue;
      const from = shown(f, before[f.key], currency);
      lines.push({ label: f.label, value: `${from} → ${shown(f, p.after[f.key], currency)}` });
    }
    if (changed.size === 0) lines.push({ label: 'Fields', value: 'No field changes' });
  }
  return lines;
}

const STALE =
  'This entry changed after the proposal was made, so nothing was applied: reject the proposal and propose the change again from the entry as it is now.';

const nameTaken = (label: string) => {
  const message = `That ${label} name is already in the catalog.`;
  return new AppError('CONFLICT', message, { errors: [{ path: 'body.name', message }] });
};

async function refuseTakenName(
  db: Kysely<DB>,
  guard: Guard,
  name: unknown,
  exceptId: bigint | null,
) {
  if (typeof name !== 'string') return;
  if (await repo.nameTaken(db, guard.kind.table, name, exceptId)) {
    throw nameTaken(guard.kind.label);
  }
}

const SENT =
  'Sent for approval: a second person with catalog permission approves it under Approvals. Customers keep seeing the current entry until then.';

async function proposeChange(
  deps: AppDeps,
  trx: Kysely<DB>,
  approvalKind: string,
  noun: string,
  subject: { type: string; id: string },
  payload: Payload,
  actor: StaffActor,
): Promise<CatalogProposal> {
  const summary = actionWords(noun, payload).slice(0, 300);
  const id = await propose(
    deps,
    trx,
    {
      kind: approvalKind,
      subject,
      payload: payload as unknown as Record<string, unknown>,
      summary,
      reason:
        `Proposed on the catalog page by a staff member with catalog permission: ${summary}`.slice(
          0,
          500,
        ),
    },
    actor,
  );
  return { approvalId: String(id), message: SENT };
}

// Proposing -----------------------------------------------------------------------------------

const subjectOf = (guard: Guard) => guard.approvalKind.replace('.', '_');

/** An addition to a guarded list, proposed: one open proposal per name. */
export async function proposeAdd(
  deps: AppDeps,
  guard: Guard,
  input: Values,
  actor: StaffActor,
): Promise<CatalogProposal> {
  return deps.db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, guard, input.name, null);
    const name = String(input.name);
    return proposeChange(
      deps,
      trx,
      guard.approvalKind,
      guard.kind.label,
      { type: `${subjectOf(guard)}_add`, id: name.toLowerCase().slice(0, 100) },
      {
        action: 'add',
        entryId: null,
        name,
        before: null,
        after: termsOf(guard.fields, input, false),
      },
      actor,
    );
  });
}

/**
 * Whether an edit of a guarded entry waits for a second person: when it changes a field that is
 * not harmless. In the caller's transaction, the entry locked; null when it may apply at once.
 */
export async function proposeEditIfNeeded(
  deps: AppDeps,
  trx: Kysely<DB>,
  guard: Guard,
  row: Row,
  input: Values,
  actor: StaffActor,
): Promise<CatalogProposal | null> {
  const current = guard.kind.output(row, deps.config.currency);
  const before = termsOf(guard.fields, current, true);
  const after = termsOf(guard.fields, input, false);
  const changed = changedKeys(before, after);
  if (changed.every((key) => guard.harmless.includes(key))) return null;
  await refuseTakenName(trx, guard, input.name, row.id);
  return proposeChange(
    deps,
    trx,
    guard.approvalKind,
    guard.kind.label,
    { type: subjectOf(guard), id: String(row.id) },
    { action: 'edit', entryId: String(row.id), name: row.name, before, after },
    actor,
  );
}

/** Retiring or offering again a guarded entry, proposed (in the caller's transaction). */
export async function proposeOffering(
  deps: AppDeps,
  trx: Kysely<DB>,
  guard: Guard,
  row: Row,
  active: boolean,
  actor: StaffActor,
): Promise<CatalogProposal> {
  const current = guard.kind.output(row, deps.config.currency);
  return proposeChange(
    deps,
    trx,
    guard.approvalKind,
    guard.kind.label,
    { type: subjectOf(guard), id: String(row.id) },
    {
      action: active ? 'restore' : 'retire',
      entryId: String(row.id),
      name: row.name,
      before: termsOf(guard.fields, current, true),
      after: { active },
    },
    actor,
  );
}

/** A change of the institution details, proposed (in the caller's transaction). */
export async function proposeInstitution(
  deps: AppDeps,
  trx: Kysely<DB>,
  before: Values,
  after: Values,
  actor: StaffActor,
): Promise<CatalogProposal> {
  return proposeChange(
    deps,
    trx,
    INSTITUTION_KIND,
    'institution details',
    INSTITUTION_SUBJECT,
    {
      action: 'update',
      entryId: null,
      name: 'institution details',
      before: termsOf(INSTITUTION_FIELDS, before, false),
      after: termsOf(INSTITUTION_FIELDS, after, false),
    },
    actor,
  );
}

// Approving -----------------------------------------------------------------------------------

function audit(
  deps: AppDeps,
  trx: Kysely<DB>,
  action: string,
  actor: StaffActor,
  targetId: string,
  change: { before?: Values; after: Values },
) {
  // Catalogued like the one-person changes (platform/audit/events/catalog.ts): the entry before
  // and after, here with the approval and its proposer.
  return deps.audit(trx, {
    action,
    actor,
    targetId,
    before: change.before,
    after: change.after,
  } as unknown as AuditRecord);
}

/** Carries out an approved change of a guarded list: exactly what was proposed, once. */
async function executeEntryChange(
  deps: AppDeps,
  trx: Kysely<DB>,
  guard: Guard,
  proposal: { id: bigint; payload: Payload; proposedBy: bigint },
  checker: StaffActor,
): Promise<DetailLine[]> {
  const { kind } = guard;
  const p = proposal.payload;
  const currency = deps.config.currency;
  const now = deps.clock.now();
  const approval = { approvalId: String(proposal.id), proposedBy: String(proposal.proposedBy) };

  if (p.action === 'add') {
    const input = kind.input.parse(p.after);
    await refuseTakenName(trx, guard, p.name, null);
    const row = await repo.insertRow(trx, kind.table, {
      ...kind.columns(input),
      created_at: now,
      updated_at: now,
    });
    const after = kind.output(row, currency);
    await audit(deps, trx, `catalog.${kind.target}.add`, checker, String(row.id), {
      after: { ...after, ...approval },
    });
    return [
      { label: 'Entry', value: String(row.id) },
      { label: 'Applied', value: `${row.name} is now offered to customers` },
    ];
  }

  if (p.entryId === null || p.before === null) throw new AppError('INTERNAL', 'No entry to change');
  const row = await repo.lockRow(trx, kind.table, BigInt(p.entryId));
  if (!row) throw new AppError('NOT_FOUND', `No such ${kind.label}`);
  const before = kind.output(row, currency);
  const now_ = termsOf(guard.fields, before, true);
  if (changedKeys(now_, p.before).length > 0) throw new AppError('CONFLICT', STALE);

  let updated: Row;
  if (p.action === 'edit') {
    const input = kind.input.parse(p.after);
    await refuseTakenName(trx, guard, p.after.name, row.id);
    updated = await repo.updateRow(trx, kind.table, row.id, {
      ...kind.columns(input),
      updated_at: now,
    });
  } else {
    const active = p.action === 'restore';
    const refusal = active ? null : kind.mustStay?.(row);
    if (refusal) throw new AppError('CONFLICT', refusal);
    updated = await repo.updateRow(trx, kind.table, row.id, { active, updated_at: now });
  }
  const after = kind.output(updated, currency);
  await audit(deps, trx, `catalog.${kind.target}.${p.action}`, checker, String(row.id), {
    before,
    after: { ...after, ...approval },
  });
  const words = {
    edit: `${updated.name} is changed`,
    retire: `${updated.name} is retired: customers no longer see it`,
    restore: `${updated.name} is offered to customers again`,
  } as const;
  return [
    { label: 'Entry', value: String(row.id) },
    { label: 'Applied', value: words[p.action as keyof typeof words] },
  ];
}

/** Carries out an approved change of the institution details, if they are still as proposed. */
async function executeInstitution(
  deps: AppDeps,
  trx: Kysely<DB>,
  proposal: { id: bigint; payload: Payload; proposedBy: bigint },
  checker: StaffActor,
): Promise<DetailLine[]> {
  const p = proposal.payload;
  const current = await repo.lockInstitution(trx);
  const before = termsOf(INSTITUTION_FIELDS, current, false);
  if (p.before === null || changedKeys(before, p.before).length > 0) {
    throw new AppError('CONFLICT', STALE);
  }
  const str = (v: Value | undefined) => (typeof v === 'string' ? v : null);
  await repo.updateInstitution(trx, {
    swiftCode: str(p.after.swiftCode),
    routingNumber: str(p.after.routingNumber),
    country: str(p.after.country),
    postalAddress: str(p.after.postalAddress),
    updatedAt: deps.clock.now(),
  });
  const after = termsOf(INSTITUTION_FIELDS, await repo.lockInstitution(trx), false);
  await audit(deps, trx, 'catalog.institution.update', checker, 'bank', {
    before,
    after: {
      ...after,
      approvalId: String(proposal.id),
      proposedBy: String(proposal.proposedBy),
    },
  });
  return [{ label: 'Applied', value: 'Customers now see the new institution details' }];
}

/** The approval kinds of the catalog, registered through the module. */
export const catalogApprovalKinds: readonly ApprovalKind[] = [
  ...GUARDS.map((guard) =>
    defineApprovalKind<Payload>({
      kind: guard.approvalKind,
      label: guard.label,
      approve: 'catalog.manage',
      payload: payloadSchema,
      details: (p, currency) => detailsOf(guard.kind.label, guard.fields, p, currency),
      execute: (deps, trx, proposal, checker) =>
        executeEntryChange(deps, trx, guard, proposal, checker),
    }),
  ),
  defineApprovalKind<Payload>({
    kind: INSTITUTION_KIND,
    label: 'Institution details change',
    approve: 'catalog.manage',
    payload: payloadSchema,
    details: (p, currency) => detailsOf('institution details', INSTITUTION_FIELDS, p, currency),
    execute: (deps, trx, proposal, checker) => executeInstitution(deps, trx, proposal, checker),
  }),
];

// Reading -------------------------------------------------------------------------------------

const sectionOf = (approvalKind: string): DualControlSection =>
  GUARDS.find((g) => g.approvalKind === approvalKind)?.section ?? 'institution';

/** The catalog changes waiting for a second person, for the catalog pages. */
export async function pendingChanges(
  deps: AppDeps,
  viewer: StaffActor,
): Promise<PendingCatalogChange[]> {
  const kinds = catalogApprovalKinds.map((k) => k.kind);
  const open = await openProposalsOf(deps, kinds);
  return open.map((row) => {
    const p = row.payload as Payload;
    return {
      approvalId: String(row.id),
      section: sectionOf(row.kind),
      entryId: p.entryId,
      action: p.action as Action,
      summary: row.summary,
      details: row.details,
      proposedBy: row.proposerName,
      proposedAt: row.proposedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      mine: row.proposedBy === viewer.userId,
    };
  });
}
