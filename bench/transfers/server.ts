/**
 * The server side of `npm run bench:transfers` over HTTP, started by run.ts as a process of its
 * own (so the customers' requests and the server never share an event loop): the whole app on a
 * fresh database (bank.ts), `--customers` customers seeded, listening on a free loopback port.
 * It prints one JSON line on stdout, { port, people }, and stops (closing the app and dropping
 * the database) when its stdin ends or on SIGTERM.
 *
 *   tsx bench/transfers/server.ts [--engine postgres|pglite] [--customers 16] [--pool 20]
 *
 * Plus three routes the product does not have: GET /bench/inbox/:userId (the last code the app
 * issued to that customer: what the customer would read in their email), GET /bench/cpu (this
 * process's CPU time so far, ms) and GET /bench/books (the ledger checker's verdict, once the
 * run is over).
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { checkLedger } from '../../apps/server/src/ledger/index.js';
import { startBenchBank, type Person } from './bank.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    customers: { type: 'string', default: '16' },
    pool: { type: 'string', default: '20' },
  },
});

/** What run.ts reads from the first line of stdout. */
export interface TransferServerReady {
  port: number;
  people: Person[];
}

const bank = await startBenchBank(args.engine ?? 'postgres', Number(args.pool));
bank.app.get('/bench/inbox/:userId', { schema: { hide: true } }, async (request) => ({
  code: bank.inbox.get((request.params as { userId: string }).userId) ?? null,
}));
bank.app.get('/bench/cpu', { schema: { hide: true } }, async () => {
  const { user, system } = process.cpuUsage();
  return { ms: (user + system) / 1000 };
});
bank.app.get('/bench/books', { schema: { hide: true } }, async () => ({
  ok: (await checkLedger(bank.database.db)).ok,
}));

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= bank.close());
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
process.stdin.on('end', () => void stop().then(() => process.exit(0)));
process.stdin.resume();

try {
  const people: Person[] = [];
  for (let i = 0; i < Number(args.customers); i++) people.push(await bank.seed(i, 100_000_000n));
  await bank.app.listen({ host: '127.0.0.1', port: 0 });
  const ready: TransferServerReady = {
    port: (bank.app.server.address() as AddressInfo).port,
    people,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
