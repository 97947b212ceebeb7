/**
 * Grows a harness database for the restore drill's figures: `--entries` deposits through the
 * ledger's own posting (so the books still balance), spread over its customers' accounts.
 *
 *   tsx --tsconfig apps/server/tsconfig.json bench/cluster/grow.ts <database url> [--entries 50000]
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { ensureInternalAccounts, postEntry } from '../../apps/server/src/ledger/index.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { entries: { type: 'string', default: '50000' } },
});
const url = positionals[0];
if (!url) throw new Error('give the database URL');
const database = await openDatabase({ engine: 'postgres', url, poolSize: 8 });
const { db } = database;
const internal = await ensureInternalAccounts(db, 'USD');
const accounts = (
  await sql<{ id: bigint }>`select id from ledger_accounts where kind = 'customer_current'`.execute(
    db,
  )
).rows.map((r) => r.id);
const total = Number(args.entries);
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (let n = next++; n < total; n = next++) {
      const account = accounts[n % accounts.length] as bigint;
      await postEntry(db, {
        idempotencyKey: `grow-${started}-${n}`,
        kind: 'crypto_deposit',
        memo: `Deposit ${n}`,
        actor: 'system',
        postings: [
          { accountId: internal.crypto_deposit_clearing.id, amount: -100n, currency: 'USD' },
          { accountId: account, amount: 100n, currency: 'USD' },
        ],
      });
    }
  }),
);
console.log(`${total} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
