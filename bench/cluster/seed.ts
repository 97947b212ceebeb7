/**
 * Customers for the harnesses, written through the app's own functions (the ledger's posting,
 * the PIN's hash) into a fresh, migrated database before any app server starts: approved,
 * verified, with a funded current account and a transaction PIN. They sign in over HTTP.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.js';
import { ensureInternalAccounts, postEntry } from '../../apps/server/src/ledger/index.js';
import { approvedCustomer } from '../common.js';
import { hashPin } from '../../apps/server/src/modules/pin/crypto.js';
import { hashPassword } from '../../apps/server/src/platform/security/passwords.js';

export const PASSWORD = 'harness passphrase velvet tram';
export const PIN = '2580';

export interface Customer {
  index: number;
  userId: bigint;
  email: string;
  accountId: bigint;
  opening: bigint;
}

export async function seedCustomers(
  db: Kysely<DB>,
  options: { count: number; opening: bigint; secretKey: string; runId: string },
): Promise<Customer[]> {
  const internal = await ensureInternalAccounts(db, 'USD');
  const passwordHash = await hashPassword(PASSWORD);
  const customers: Customer[] = [];
  for (let i = 0; i < options.count; i++) {
    const email = `customer.${i}.${options.runId}@example.com`;
    const { user, account } = await approvedCustomer(db, {
      firstName: 'Harness',
      lastName: `Customer ${i}`,
      username: `harness_${options.runId}_${i}`,
      email,
      passwordHash,
    });
    await postEntry(db, {
      idempotencyKey: `harness-opening-${options.runId}-${i}`,
      kind: 'crypto_deposit',
      memo: 'Opening deposit',
      actor: 'system',
      postings: [
        {
          accountId: internal.crypto_deposit_clearing.id,
          amount: -options.opening,
          currency: 'USD',
        },
        { accountId: account.id, amount: options.opening, currency: 'USD' },
      ],
    });
    const pin = hashPin(options.secretKey, user.id, PIN);
    await db
      .insertInto('transaction_pins')
      .values({ user_id: user.id, pin_hash: pin.hash, salt: pin.salt })
      .execute();
    customers.push({
      index: i,
      userId: user.id,
      email,
      accountId: account.id,
      opening: options.opening,
    });
  }
  return customers;
}
