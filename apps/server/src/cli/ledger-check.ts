/**
 * npm run ledger:check: prints the trial balance and the invariant checker's verdict for the
 * configured database. Exit status 1 on any violation.
 */
import { toDecimalString } from '@bank/contract';
import { loadConfig } from '../config.js';
import { databaseOptionsFrom, openDatabase } from '../db/connection.js';
import { checkLedger } from '../ledger/index.js';

let failed = false;
try {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFrom(config));
  try {
    // Read-only: a database restored from a backup is checked as it is, never migrated here.
    const report = await checkLedger(database.db).catch((error: { code?: string }) => {
      if (error.code === '42P01') {
        throw new Error('This database has no ledger tables: run `npm run migrate` first.');
      }
      throw error;
    });
    console.log(`Trial balance (${database.engine})`);
    console.table(
      report.trialBalance.map((row) => ({
        currency: row.currency,
        kind: row.kind,
        accounts: row.accounts,
        balance: toDecimalString(row.balance),
      })),
    );
    for (const total of report.totals) {
      console.log(`  ${total.currency} total: ${toDecimalString(total.balance)}`);
    }
    const { accounts, entries, postings } = report.counts;
    console.log(`${accounts} accounts, ${entries} entries, ${postings} postings`);
    if (report.ok) {
      console.log(
        'Ledger check: OK (entries balance, cached balances match, no customer negative, keys unique)',
      );
    } else {
      failed = true;
      console.log(`Ledger check: ${report.violations.length} VIOLATION(S)`);
      for (const v of report.violations) console.log(`  ${v.rule}: ${v.detail}`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
}
process.exit(failed ? 1 : 0);
