import { sql } from 'kysely';
import { AppError } from '../platform/errors.js';
import { generateAccountNumber } from './account-number.js';
import {
  INTERNAL_ACCOUNT_KINDS,
  type CustomerAccountKind,
  type Executor,
  type InternalAccountKind,
  type LedgerAccount,
} from './types.js';

const MAX_NUMBER_ATTEMPTS = 10;

const accountColumns = [
  'id',
  'account_number as accountNumber',
  'kind',
  'currency',
  'owner_id as ownerId',
  'name',
] as const;

/** Opens a customer's account with a fresh account number and a zero balance. */
export async function openCustomerAccount(
  db: Executor,
  input: { ownerId: bigint; kind: CustomerAccountKind; currency: string; name: string },
): Promise<LedgerAccount> {
  for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
    const row = await db
      .insertInto('ledger_accounts')
      .values({
        account_number: generateAccountNumber(),
        kind: input.kind,
        currency: input.currency,
        owner_id: input.ownerId,
        name: input.name,
      })
      .onConflict((oc) => oc.column('account_number').doNothing())
      .returning(accountColumns)
      .executeTakeFirst();
    if (row) return row;
  }
  throw new AppError('INTERNAL', 'Could not allocate an account number');
}

/**
 * The bank's own accounts for a currency, created on first use (idempotent, safe to race). Read
 * first: once they exist (every call after the first), this is one statement.
 */
export async function ensureInternalAccounts(
  db: Executor,
  currency: string,
): Promise<Record<InternalAccountKind, LedgerAccount>> {
  const read = async () => {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(accountColumns)
      .where('currency', '=', currency)
      .where('owner_id', 'is', null)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.kind, r])) as Partial<
      Record<InternalAccountKind, LedgerAccount>
    >;
  };
  let byKind = await read();
  const missing = INTERNAL_ACCOUNT_KINDS.filter((kind) => !byKind[kind]);
  if (missing.length === 0) return byKind as Record<InternalAccountKind, LedgerAccount>;
  for (const kind of missing) {
    for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
      // Conflicts on either the (kind, currency) index or the number: the select below decides.
      await sql`
        insert into ledger_accounts (account_number, kind, currency, name)
        values (${generateAccountNumber()}, ${kind}, ${currency}, ${`${kind.replaceAll('_', ' ')} ${currency}`})
        on conflict do nothing`.execute(db);
      const exists = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('kind', '=', kind)
        .where('currency', '=', currency)
        .where('owner_id', 'is', null)
        .executeTakeFirst();
      if (exists) break;
    }
  }
  byKind = await read();
  for (const kind of INTERNAL_ACCOUNT_KINDS) {
    if (!byKind[kind]) throw new AppError('INTERNAL', `Internal account ${kind} missing`);
  }
  return byKind as Record<InternalAccountKind, LedgerAccount>;
}

export async function findAccount(
  db: Executor,
  where: { id: bigint } | { accountNumber: string },
): Promise<LedgerAccount | undefined> {
  let query = db.selectFrom('ledger_accounts').select(accountColumns);
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('account_number', '=', where.accountNumber);
  return query.executeTakeFirst();
}

/** Accounts by id, for a list that shows their numbers (ids not found are left out). */
export async function findAccounts(
  db: Executor,
  ids: readonly bigint[],
): Promise<Map<bigint, LedgerAccount>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listCustomerAccounts(
  db: Executor,
  ownerId: bigint,
): Promise<LedgerAccount[]> {
  return db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
}

/**
 * A customer's current account in `currency` (the first one opened), or undefined while it is
 * not open: the one lookup every feature uses (transfers, funding, fixed deposits, statements).
 */
export async function currentAccountOf(
  db: Executor,
  ownerId: bigint,
  currency: string,
): Promise<LedgerAccount | undefined> {
  return db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('owner_id', '=', ownerId)
    .where('kind', '=', 'customer_current')
    .where('currency', '=', currency)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * `currentAccountOf` for many customers at once (a staff list): each owner's current account in
 * `currency`, keyed by owner; owners without one are left out.
 */
export async function currentAccountsOf(
  db: Executor,
  ownerIds: readonly bigint[],
  currency: string,
): Promise<Map<bigint, LedgerAccount>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .distinctOn('owner_id')
    .where('owner_id', 'in', [...new Set(ownerIds)])
    .where('kind', '=', 'customer_current')
    .where('currency', '=', currency)
    .orderBy('owner_id')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.ownerId as bigint, row]));
}
