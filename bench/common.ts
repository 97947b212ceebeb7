/** What the benchmarks share: a scratch database on either engine, and percentiles. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/connection.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { openCustomerAccount } from '../apps/server/src/ledger/index.js';
import { createScratchDatabase } from '../apps/server/src/db/scratch.js';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `--engine all` means both, in this order. */
export function enginesFrom(engine: string | undefined): string[] {
  return engine === 'all' ? ['pglite', 'postgres'] : [engine ?? 'pglite'];
}

/**
 * A fresh database: on PostgreSQL (BENCH_DATABASE_URL) a new database with `pool` connections,
 * dropped on close; on PGlite a new folder on disk, removed by `cleanup`.
 */
export async function openBenchDatabase(
  engine: string,
  pool: number,
): Promise<{ database: Database; cleanup: () => void }> {
  if (engine === 'postgres') {
    const database = await createScratchDatabase({
      serverUrl,
      prefix: 'bank_bench',
      poolSize: pool,
    });
    return { database, cleanup: () => undefined };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-'));
  const database = await createScratchDatabase({ prefix: 'bench', pgliteDir: dir });
  return { database, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The p-th percentile (0..1) of ascending milliseconds, to two decimals. */
export function percentile(sorted: number[], p: number): number {
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(2),
  );
}

/**
 * CPU time (ms, user + system) used so far by the PostgreSQL processes on this machine, from
 * /proc: read before and after a run, the difference is what the database server spent on it
 * (its backends live as long as the pool's connections). Undefined without /proc.
 */
export function postgresCpuMs(): number | undefined {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      } catch {
        // The process ended between the listing and the read.
      }
    }
  } catch {
    return undefined;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** CPU time per transfer (ms) from two readings, to two decimals. */
export const perTransfer = (ms: number, transfers: number) =>
  Number((ms / Math.max(1, transfers)).toFixed(2));

/**
 * A customer as the benches need one: email verified, identity check approved, a current
 * account in `currency` named after them. Money and a PIN are the caller's to give.
 */
export async function approvedCustomer(
  db: Kysely<DB>,
  who: {
    firstName: string;
    lastName: string;
    username: string;
    email: string;
    passwordHash: string;
  },
  currency = 'USD',
) {
  const user = await db
    .insertInto('users')
    .values({
      kind: 'customer',
      first_name: who.firstName,
      last_name: who.lastName,
      username: who.username,
      email: who.email,
      password_hash: who.passwordHash,
      email_verified_at: new Date(),
      kyc_status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await openCustomerAccount(db, {
    ownerId: user.id,
    kind: 'customer_current',
    currency,
    name: `${who.firstName} ${who.lastName}`,
  });
  return { user, account };
}

/**
 * Starts a bench server (`entry`, run with tsx and the server's TypeScript settings) as a process
 * of its own with `args`, and answers the JSON line it prints once it listens, with `stop`:
 * closing its stdin, which makes it close the app and drop its database.
 */
export function spawnBenchServer<Ready>(
  entry: string,
  args: string[],
): Promise<{ ready: Ready; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    // The server's own TypeScript settings (JSX for the emails), as the npm scripts give them.
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: fileURLToPath(new URL('../apps/server/tsconfig.json', import.meta.url)),
    },
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ ready: JSON.parse(line) as Ready, stop }));
    void exited.then((code) =>
      reject(new Error(`bench server exited (${code}) before it was ready`)),
    );
  });
}

/** The payee of the benches' bank transfers: another bank's account, in the app's currency. */
export const BENEFICIARY = {
  bank: 'Deutsche Bank',
  swift: 'DEUTDEFF',
  currency: 'USD',
  routing: '021000021',
  country: 'DE',
  accountNumber: 'DE89370400440532013000',
  accountHolderName: 'Grace Hopper',
  saveBeneficiary: false,
};
