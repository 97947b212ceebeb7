/**
 * Security review of bank transfers (decision 0019): a transfer into a customer of this bank
 * racing a submission of that customer. Only PostgreSQL (TEST_DATABASE_URL) runs them at once;
 * on PGlite transactions wait in line.
 *
 * Regression test of a finding fixed in 287a262. It used to deadlock: submit locked the
 * sender's `users` row FOR UPDATE, then the ledger accounts (ascending), then inserted the
 * recipient's notification, whose foreign key to `users` takes FOR KEY SHARE on the
 * recipient's row, which FOR UPDATE conflicts with. Submit now locks the row FOR NO KEY UPDATE,
 * which FOR KEY SHARE passes, so A paying B while B submits cannot deadlock.
 */
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { loggerOptions } from '../../src/platform/logging.js';
import { useTestApp } from '../helpers/suite.js';
import { details } from '../transfers/setup.js';
import { reviewHelpers } from './review-setup.js';

const lines: string[] = [];
const suite = useTestApp({
  logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
});
const r = reviewHelpers(suite);

describe('transfer review: lock order', () => {
  it('paying a customer while they submit a transfer of their own: both go through, no deadlock (FOR NO KEY UPDATE)', async () => {
    await r.ownSwift();
    const a = await r.sender(1_000_000n);
    const b = await r.sender(1_000_000n);
    // Beneficiaries paid once (with the code), so the rounds need the PIN only.
    await r.send(a, r.inside(b, { amount: '1' }));
    await r.send(b, r.inside(a, { amount: '1' }));
    await r.send(b, details({ amount: '1' }));
    const answers: number[] = [];
    for (let round = 0; round < 5; round++) {
      const ab = await r.ready(a, r.inside(b, { amount: '2', note: `ab ${round}` }));
      // B pays A back in even rounds, and sends abroad in odd ones.
      const bx = await r.ready(
        b,
        round % 2 === 0
          ? r.inside(a, { amount: '2', note: `ba ${round}` })
          : details({ amount: '2', note: `bx ${round}` }),
      );
      const results = await Promise.all([
        r.step(a.client, ab, 'submit'),
        r.step(b.client, bx, 'submit'),
      ]);
      answers.push(...results.map((x) => x.statusCode));
    }
    const sqlStates = lines
      .filter((l) => l.includes('database unavailable'))
      .map((l) => (JSON.parse(l) as { err?: { code?: string } }).err?.code);
    // Money stays right either way: the refused side posted nothing.
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
    expect({ answers, sqlStates }).toEqual({ answers: Array(10).fill(200), sqlStates: [] });
  });
});
