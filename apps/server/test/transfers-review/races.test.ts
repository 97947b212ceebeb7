/**
 * Security review of bank transfers (decision 0019): races. They race for real on PostgreSQL
 * (TEST_DATABASE_URL); on PGlite they run one after another and still check the invariants.
 * All of these held up: they are regression tests.
 */
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, STAFF_TRANSFERS, TRANSFERS, details, newKey } from '../transfers/setup.js';
import { reviewHelpers, type Json } from './review-setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);

const statuses = (rs: { statusCode: number }[]) => rs.map((x) => x.statusCode).sort();

describe('transfer review: races', () => {
  it('one key sent at once with ten different bodies: one transfer, the rest refused', async () => {
    const c = await r.sender();
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        r.create(c.client, details({ amount: `${i + 1}` }), key),
      ),
    );
    // The others are refused: another request under a key in use (422), or a key whose first
    // request still runs (409, decision 31).
    expect(results.filter((x) => x.statusCode === 201)).toHaveLength(1);
    expect(results.filter((x) => x.statusCode === 409 || x.statusCode === 422)).toHaveLength(9);
    expect(await r.transferCount(c.userId)).toBe(1);
  });

  it('two transfers that each fit the daily limit but not together, submitted at once: one goes', async () => {
    const c = await r.sender(5_000_000n);
    const a = await r.ready(c, details({ amount: '6000' }));
    const b = await r.ready(c, details({ amount: '6000', note: 'b' }));
    const results = await Promise.all([a, b].map((id) => r.step(c.client, id, 'submit')));
    expect(statuses(results)).toEqual([200, 422]);
    const refused = results.find((x) => x.statusCode === 422);
    expect(refused?.json()).toMatchObject({ notice: { title: 'Daily limit reached' } });
    expect(await r.balanceOf(c)).toBe(5_000_000n - 600_000n);
  });

  it('two PIN-only transfers that together pass the code threshold, submitted at once: the second is asked for the code', async () => {
    const c = await r.sender(5_000_000n);
    await r.send(c, details({ amount: '10' }));
    const a = await r.pinned(c, details({ amount: '600' }));
    const b = await r.pinned(c, details({ amount: '500', note: 'b' }));
    expect([a.step.next, b.step.next]).toEqual(['ready', 'ready']);
    const results = await Promise.all([a.id, b.id].map((id) => r.step(c.client, id, 'submit')));
    expect(results.map((x) => (x.json() as Json).next).sort()).toEqual(['code', 'done']);
  });

  it('an edit racing the submit: either the old details are sent and the edit refused, or nothing is sent', async () => {
    const c = await r.sender(5_000_000n);
    await r.send(c, details({ amount: '10' }));
    for (let round = 0; round < 6; round++) {
      const id = await r.ready(c, details({ amount: '20', note: `round ${round}` }));
      const [submit, edit] = await Promise.all([
        r.step(c.client, id, 'submit'),
        c.client.put(`${TRANSFERS}/${id}`, details({ amount: '900', note: `round ${round}` })),
      ]);
      const row = await r.row(id);
      const entries = await r.entriesWithKey(`transfer:${id}`);
      if (submit.statusCode === 200) {
        expect(edit.statusCode).toBe(409);
        expect(row).toMatchObject({ stage: 'submitted', amount: 2_000n });
        expect(entries).toHaveLength(1);
      } else {
        expect(submit.statusCode).toBe(409);
        expect(edit.statusCode).toBe(200);
        expect(row).toMatchObject({ stage: 'draft', amount: 90_000n });
        expect(entries).toHaveLength(0);
      }
    }
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('an edit racing the code check: the edited transfer never reaches submission with the old code', async () => {
    const c = await r.sender();
    for (let round = 0; round < 4; round++) {
      const { id } = await r.pinned(c, details({ amount: '30', note: `code round ${round}` }));
      const code = await r.codeFor(c.email);
      const [checked, edit] = await Promise.all([
        r.step(c.client, id, 'code', { code }),
        c.client.put(
          `${TRANSFERS}/${id}`,
          details({ amount: '3000', note: `code round ${round}` }),
        ),
      ]);
      expect(edit.statusCode).toBe(200);
      expect([200, 409]).toContain(checked.statusCode);
      expect(await r.row(id)).toMatchObject({ stage: 'draft', amount: 300_000n });
      expect(await r.liveCodes(c.userId)).toHaveLength(0);
      expect((await r.step(c.client, id, 'submit')).statusCode).toBe(409);
    }
  });

  it('twenty wrong codes at once: the code is compared at most five times and the right one is then refused', async () => {
    const c = await r.sender();
    const { id } = await r.pinned(c, details({ amount: '40' }));
    const code = await r.codeFor(c.email);
    const wrong = Array.from({ length: 20 }, (_, i) => String(i).padStart(4, '0')).filter(
      (g) => g !== code,
    );
    const results = await Promise.all(wrong.map((g) => r.step(c.client, id, 'code', { code: g })));
    expect(results.every((x) => x.statusCode === 422 || x.statusCode === 429)).toBe(true);
    const rows = await suite.database.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('user_id', '=', c.userId)
      .where('purpose', '=', 'transfer_authorization')
      .execute();
    expect(Math.max(...rows.map((x) => x.attempts))).toBeLessThanOrEqual(5);
    expect((await r.step(c.client, id, 'code', { code })).statusCode).not.toBe(200);
    expect((await r.step(c.client, id, 'submit')).statusCode).toBe(409);
  });

  it('twenty wrong PINs at once: five are judged, PIN use rests, the right PIN is refused', async () => {
    const c = await r.sender();
    const id = await r.confirmed(c.client, details({ amount: '41' }));
    const guesses = Array.from({ length: 20 }, (_, i) => String(1000 + i)).filter((g) => g !== PIN);
    const results = await Promise.all(guesses.map((pin) => r.step(c.client, id, 'pin', { pin })));
    expect(results.filter((x) => x.statusCode === 422)).toHaveLength(4);
    expect(results.filter((x) => x.statusCode === 423)).toHaveLength(guesses.length - 4);
    const pin = await r.pinRow(c.userId);
    expect(pin.failures).toBe(5);
    expect(pin.locked_until).not.toBeNull();
    expect((await r.step(c.client, id, 'pin', { pin: PIN })).statusCode).toBe(423);
    expect((await r.row(id)).stage).toBe('confirmed');
  });

  it('the right PIN sent five times at once for one transfer: one step, one code', async () => {
    const c = await r.sender();
    const id = await r.confirmed(c.client, details({ amount: '42' }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => r.step(c.client, id, 'pin', { pin: PIN })),
    );
    expect(statuses(results)).toEqual([200, 409, 409, 409, 409]);
    expect(await r.liveCodes(c.userId)).toHaveLength(1);
  });

  it('staff failing a transfer while the customer retries its submit: one refund, books balanced', async () => {
    const c = await r.sender();
    const staff = await r.staff();
    for (let round = 0; round < 3; round++) {
      const id = await r.ready(c, details({ amount: '50', note: `fail round ${round}` }));
      const [submit, fail, again] = await Promise.all([
        r.step(c.client, id, 'submit'),
        staff.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Beneficiary bank refused' }),
        r.step(c.client, id, 'submit'),
      ]);
      expect(submit.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect([200, 404]).toContain(fail.statusCode);
      const reversals = await r.entriesWithKey(`transfer:${id}:reversal`);
      expect(reversals).toHaveLength(fail.statusCode === 200 ? 1 : 0);
      if (fail.statusCode === 404) {
        // The decision came before the submit: it can be made now.
        const late = await staff.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Late fail' });
        expect(late.statusCode).toBe(200);
      }
    }
    expect(await r.balanceOf(c)).toBe(1_000_000n);
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });
});
