import { sql, type Kysely } from 'kysely';
import {
  accountPlanInputSchema,
  cryptoTypeInputSchema,
  fixedDepositPlanInputSchema,
  paymentPurposeInputSchema,
  type AccountPlan,
  type CryptoType,
  type FixedDepositPlan,
  type PaymentPurpose,
} from '@bank/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { StaffActor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';

/**
 * The funding catalog staff keep (catalog.manage): crypto types, payment purposes, fixed-deposit
 * plans and account plans. One shape for the four: add, edit, retire, restore, each audited in
 * the transaction of the change; names unique in any case; never deleted, so a request keeps
 * the entry it named (decision 18).
 */

type Row = Record<string, unknown> & {
  id: bigint;
  name: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
};

type Columns = Record<string, string | number | bigint | Date | null>;

interface EntryKind<Input, Out> {
  table: 'crypto_types' | 'payment_purposes' | 'fixed_deposit_plans' | 'account_plans';
  /** For the audit log and messages: `crypto_type`, "crypto type". */
  target: string;
  label: string;
  input: z.ZodType<Input>;
  /** The columns an add or an edit writes. */
  columns(input: Input): Columns;
  /** The entry as the API answers it; `currency` is the bank's, that amounts are in. */
  output(row: Row, currency: string): Out;
  /** Refuses retiring an entry that must stay (the default account plan). */
  mustStay?(row: Row): string | null;
}

const dates = (row: Row) => ({
  id: String(row.id),
  name: row.name,
  active: row.active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const cryptoTypes: EntryKind<z.output<typeof cryptoTypeInputSchema>, CryptoType> = {
  table: 'crypto_types',
  target: 'crypto_type',
  label: 'crypto type',
  input: cryptoTypeInputSchema,
  columns: (i) => ({ name: i.name, address: i.address, network: i.network, address2: i.address2 }),
  output: (row) => ({
    ...dates(row),
    address: row.address as string,
    network: row.network as string | null,
    address2: row.address2 as string | null,
  }),
};

export const paymentPurposes: EntryKind<
  z.output<typeof paymentPurposeInputSchema>,
  PaymentPurpose
> = {
  table: 'payment_purposes',
  target: 'payment_purpose',
  label: 'payment purpose',
  input: paymentPurposeInputSchema,
  columns: (i) => ({ name: i.name }),
  output: dates,
};

export const fixedDepositPlans: EntryKind<
  z.output<typeof fixedDepositPlanInputSchema>,
  FixedDepositPlan
> = {
  table: 'fixed_deposit_plans',
  target: 'fixed_deposit_plan',
  label: 'fixed-deposit plan',
  input: fixedDepositPlanInputSchema,
  columns: (i) => ({
    name: i.name,
    term_count: i.termCount,
    term_unit: i.termUnit,
    rate_bp: i.annualRateBp,
    min_amount: BigInt(i.minAmount),
    max_amount: i.maxAmount === null ? null : BigInt(i.maxAmount),
  }),
  output: (row, currency) => ({
    ...dates(row),
    currency,
    termCount: row.term_count as number,
    termUnit: row.term_unit as 'days' | 'months',
    annualRateBp: row.rate_bp as number,
    minAmount: String(row.min_amount),
    maxAmount: row.max_amount === null ? null : String(row.max_amount),
  }),
};

export const accountPlans: EntryKind<z.output<typeof accountPlanInputSchema>, AccountPlan> = {
  table: 'account_plans',
  target: 'account_plan',
  label: 'account plan',
  input: accountPlanInputSchema,
  columns: (i) => ({
    name: i.name,
    service_charge_bp: i.serviceChargeBp,
    daily_transfer_limit: BigInt(i.dailyTransferLimit),
    step_up_threshold: BigInt(i.stepUpThreshold),
    price: BigInt(i.price),
  }),
  output: (row, currency) => ({
    ...dates(row),
    currency,
    serviceChargeBp: row.service_charge_bp as number,
    dailyTransferLimit: String(row.daily_transfer_limit),
    stepUpThreshold: String(row.step_up_threshold),
    price: String(row.price),
    isDefault: row.is_default as boolean,
  }),
  mustStay: (row) =>
    row.is_default ? 'The default plan is what every customer starts on: it stays offered.' : null,
};

export type AnyEntryKind = EntryKind<never, unknown>;

const nameTaken = (label: string) => {
  const message = `That ${label} name is already in the catalog.`;
  return new AppError('CONFLICT', message, { errors: [{ path: 'body.name', message }] });
};

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/** Every entry of a kind, offered or retired, in the order added. */
export async function listEntries<Input, Out>(deps: AppDeps, kind: EntryKind<Input, Out>) {
  const result = await sql<Row>`select * from ${sql.table(kind.table)} order by id`.execute(
    deps.db,
  );
  return result.rows.map((row) => kind.output(row, deps.config.currency));
}

async function lockEntry(db: Kysely<DB>, kind: { table: string; label: string }, id: bigint) {
  const result = await sql<Row>`
    select * from ${sql.table(kind.table)} where id = ${id} for update`.execute(db);
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND', `No such ${kind.label}`);
  return row;
}

function audited<Input, Out>(
  deps: AppDeps,
  trx: Kysely<DB>,
  kind: EntryKind<Input, Out>,
  actor: StaffActor,
  action: string,
  id: bigint,
  change: { before?: Out; after: Out },
) {
  return deps.audit(trx, {
    actorId: actor.userId,
    action: `catalog.${kind.target}.${action}`,
    targetType: kind.target,
    targetId: String(id),
    before: change.before,
    after: change.after,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** Adds an entry, offered at once; a name already there in any case is a 409 on `name`. */
export async function addEntry<Input, Out>(
  deps: AppDeps,
  kind: EntryKind<Input, Out>,
  input: Input,
  actor: StaffActor,
): Promise<Out> {
  const now = deps.clock.now();
  const columns: Columns = { ...kind.columns(input), created_at: now, updated_at: now };
  const names = Object.keys(columns);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const result = await sql<Row>`
        insert into ${sql.table(kind.table)} (${sql.join(names.map((n) => sql.ref(n)))})
        values (${sql.join(names.map((n) => columns[n]))})
        returning *`.execute(trx);
      const row = result.rows[0] as Row;
      const after = kind.output(row, deps.config.currency);
      await audited(deps, trx, kind, actor, 'add', row.id, { after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(kind.label);
    throw error;
  }
}

/**
 * Edits an entry (all its fields). Requests already made keep what they recorded: a fixed
 * deposit copies its plan's terms at opening, a request its address.
 */
export async function editEntry<Input, Out>(
  deps: AppDeps,
  kind: EntryKind<Input, Out>,
  id: bigint,
  input: Input,
  actor: StaffActor,
): Promise<Out> {
  const columns = kind.columns(input);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = kind.output(await lockEntry(trx, kind, id), deps.config.currency);
      const sets = Object.entries({ ...columns, updated_at: deps.clock.now() }).map(
        ([name, value]) => sql`${sql.ref(name)} = ${value}`,
      );
      const result = await sql<Row>`
        update ${sql.table(kind.table)} set ${sql.join(sets)}
        where id = ${id} returning *`.execute(trx);
      const after = kind.output(result.rows[0] as Row, deps.config.currency);
      await audited(deps, trx, kind, actor, 'edit', id, { before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(kind.label);
    throw error;
  }
}

/** Retires an entry (no form offers it; requests naming it are refused) or offers it again. */
export async function setEntryOffered<Input, Out>(
  deps: AppDeps,
  kind: EntryKind<Input, Out>,
  id: bigint,
  active: boolean,
  actor: StaffActor,
): Promise<Out> {
  const currency = deps.config.currency;
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockEntry(trx, kind, id);
    const before = kind.output(row, currency);
    if (row.active === active) return before;
    const refusal = active ? null : kind.mustStay?.(row);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const result = await sql<Row>`
      update ${sql.table(kind.table)} set active = ${active}, updated_at = ${deps.clock.now()}
      where id = ${id} returning *`.execute(trx);
    const after = kind.output(result.rows[0] as Row, currency);
    await audited(deps, trx, kind, actor, active ? 'restore' : 'retire', id, { before, after });
    return after;
  });
}
