import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { postTransfer, type Executor } from '../../src/ledger/index.js';
import { AppError } from '../../src/platform/errors.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { fund, ledgerSnapshot, openCustomer, uniqueKey } from '../helpers/ledger.js';

// Two business transactions that each post two entries, in opposite account order, can wait on
// each other; PostgreSQL ends one. On PGlite transactions run one at a time, so it cannot happen.
describe.skipIf(engineName === 'pglite')('a deadlock between two business transactions', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 4 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('ends one of them with a retryable UNAVAILABLE and nothing of it written', async () => {
    const { db } = database;
    const [x, y, a, b, c, d] = await Promise.all(Array.from({ length: 6 }, () => openCustomer(db)));
    if (!x || !y) throw new Error('accounts not opened');
    await fund(db, x, 1_000n);
    await fund(db, y, 1_000n);
    const before = await ledgerSnapshot(db);

    const pay = (trx: Executor, from: { id: bigint } | undefined, to: { id: bigint } | undefined) =>
      postTransfer(trx, {
        idempotencyKey: uniqueKey('deadlock'),
        kind: 'transfer',
        memo: '',
        actor: 'system',
        fromAccountId: from?.id ?? 0n,
        toAccountId: to?.id ?? 0n,
        amount: 10n,
        currency: 'USD',
      });
    // Each holds its first account, then both reach for the other's.
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const meet = async () => {
      arrived += 1;
      if (arrived === 2) release();
      await bothHoldOne;
    };
    const results = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await pay(trx, x, a);
        await meet();
        await pay(trx, y, b);
      }),
      db.transaction().execute(async (trx) => {
        await pay(trx, y, c);
        await meet();
        await pay(trx, x, d);
      }),
    ]);

    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    const reason = (failed[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(AppError);
    expect(reason).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    const after = await ledgerSnapshot(db);
    expect(after.entries - before.entries).toBe(2);
  });
});
