import type { CustomerAccountKind, Executor } from './types.js';

/**
 * Reads of a customer's accounts for the back office, and the lock a freeze takes on them
 * (decision 21). Reads only: money still moves by posting entries, and nothing here sets a
 * balance.
 */

export interface CustomerAccountBalance {
  id: bigint;
  accountNumber: string;
  kind: CustomerAccountKind;
  name: string;
  currency: string;
  balance: bigint;
  totalCredit: bigint;
  totalDebit: bigint;
}

const balanceColumns = [
  'id',
  'account_number as accountNumber',
  'kind',
  'name',
  'currency',
  'balance',
  'credit_total as totalCredit',
  'debit_total as totalDebit',
] as const;

/** Every account a customer owns (current first, then fixed deposits, by age) with balances. */
export async function customerAccountBalances(
  db: Executor,
  ownerId: bigint,
): Promise<CustomerAccountBalance[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(balanceColumns)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
  return rows as CustomerAccountBalance[];
}

/**
 * Locks every account a customer owns until the transaction ends, in ascending id order (the
 * order postings lock accounts in, so no deadlock), and returns their balances as of the lock.
 * A freeze takes this lock after writing itself: a posting that holds one of these accounts
 * commits before the freeze can, and a posting that comes after waits for the freeze to commit,
 * then sees it when it checks again (decision 21).
 */
export async function lockCustomerAccounts(
  db: Executor,
  ownerId: bigint,
): Promise<CustomerAccountBalance[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(balanceColumns)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows as CustomerAccountBalance[];
}

/** The current account numbers of several customers in `currency`, by owner. */
export async function currentAccountNumbers(
  db: Executor,
  ownerIds: readonly bigint[],
  currency: string,
): Promise<Map<bigint, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['owner_id as ownerId', 'account_number as accountNumber'])
    .where('owner_id', 'in', [...ownerIds])
    .where('kind', '=', 'customer_current')
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .execute();
  // Ascending would keep the last; descending keeps each owner's first opened account.
  return new Map(rows.map((r) => [r.ownerId as bigint, r.accountNumber]));
}
