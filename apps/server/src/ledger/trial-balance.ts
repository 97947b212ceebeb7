import { sql } from 'kysely';
import { pendingSums } from './pending.js';
import type { CustomerAccountKind, Executor, LedgerAccountKind } from './types.js';

/**
 * The trial balance as staff read it: the bank's own accounts one by one, customers' accounts
 * totalled by kind (there are many), and each currency's sum, from the accounts' balances
 * (which the invariant checker proves equal to their postings), a house account's with its
 * movements not yet folded (decision 29).
 */

export interface InternalAccountBalance {
  id: bigint;
  accountNumber: string;
  kind: LedgerAccountKind;
  currency: string;
  name: string;
  balance: bigint;
  credits: bigint;
  debits: bigint;
}

export interface TrialBalanceReading {
  internal: InternalAccountBalance[];
  customers: { currency: string; kind: LedgerAccountKind; accounts: number; balance: bigint }[];
  totals: { currency: string; balance: bigint }[];
}

export async function readTrialBalance(db: Executor): Promise<TrialBalanceReading> {
  // One statement, so that the three parts are read at the same moment and add up.
  const { rows } = await sql<{
    part: 'internal' | 'customers';
    id: bigint | null;
    accountNumber: string | null;
    kind: LedgerAccountKind;
    currency: string;
    name: string | null;
    accounts: number;
    balance: bigint;
    credits: bigint;
    debits: bigint;
  }>`
    select 'internal' as part, a.id, a.account_number as "accountNumber", a.kind, a.currency,
           a.name, 1 as accounts, a.balance + coalesce(p.amount, 0) as balance,
           a.credit_total + coalesce(p.credit, 0) as credits,
           a.debit_total + coalesce(p.debit, 0) as debits
    from ledger_accounts a cross join lateral (${pendingSums(sql`a.id`)}) p
    where a.owner_id is null
    union all
    select 'customers', null, null, kind, currency, null, count(*)::int,
           coalesce(sum(balance), 0)::bigint, coalesce(sum(credit_total), 0)::bigint,
           coalesce(sum(debit_total), 0)::bigint
    from ledger_accounts where owner_id is not null
    group by currency, kind
    order by currency, part desc, kind, id`.execute(db);
  const internal: InternalAccountBalance[] = [];
  const customers: TrialBalanceReading['customers'] = [];
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    totals.set(row.currency, (totals.get(row.currency) ?? 0n) + row.balance);
    if (row.part === 'internal' && row.id !== null) {
      internal.push({
        id: row.id,
        accountNumber: row.accountNumber ?? '',
        kind: row.kind,
        currency: row.currency,
        name: row.name ?? '',
        balance: row.balance,
        credits: row.credits,
        debits: row.debits,
      });
    } else {
      customers.push({
        currency: row.currency,
        kind: row.kind,
        accounts: row.accounts,
        balance: row.balance,
      });
    }
  }
  return {
    internal,
    customers,
    totals: [...totals].map(([currency, balance]) => ({ currency, balance })),
  };
}

export interface CustomerAccountFilter {
  currency?: string;
  kind?: CustomerAccountKind;
  /** The start of an account number (digits). */
  accountNumber?: string;
  /** Words of the holder's name (as the account was opened). */
  name?: string;
  /** The last id of the page before (ascending). */
  afterId?: bigint;
  limit: number;
}

const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers' accounts with their balances, by id, a page at a time. */
export function customerAccountsPage(db: Executor, filter: CustomerAccountFilter) {
  let query = db
    .selectFrom('ledger_accounts')
    .select([
      'id',
      'account_number as accountNumber',
      'kind',
      'currency',
      'name',
      'owner_id as ownerId',
      'balance',
    ])
    .where('owner_id', 'is not', null)
    .orderBy('id')
    .limit(filter.limit);
  if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.accountNumber !== undefined) {
    query = query.where('account_number', 'like', `${literal(filter.accountNumber)}%`);
  }
  if (filter.name !== undefined) {
    query = query.where('name', 'ilike', `%${literal(filter.name)}%`);
  }
  if (filter.afterId !== undefined) query = query.where('id', '>', filter.afterId);
  return query.execute();
}
