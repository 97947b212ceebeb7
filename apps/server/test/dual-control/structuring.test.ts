import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';
import { STAFF_FUNDING, fields, proof } from '../funding/setup.js';
import { STAFF_TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers } from '../transfers-review/review-setup.js';

/**
 * The threshold is not beaten by splitting: what one staff member has already posted alone for
 * a customer in the last 24 hours counts towards it, so a run of confirmations (or refunds) each
 * just under the threshold reaches a second person once together they reach it.
 */
const suite = useTestApp();
const r = reviewHelpers(suite);
const db = () => suite.database.db;

const entries = (prefix: string) =>
  db()
    .selectFrom('journal_entries')
    .select('id')
    .where('idempotency_key', 'like', `${prefix}%`)
    .execute();

describe(`dual control is not split away (${engineName})`, () => {
  it("one reviewer's confirmations for one customer add up: the one that reaches the threshold waits for a second person", async () => {
    const alone = await r.staff('operations', 'ops-split');
    const other = await r.staff('operations', 'ops-other');
    const coin = await r.cryptoType();
    const c = await r.customer();
    const claims: { id: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      claims.push(
        await r.submit(c.client, 'deposits', [
          ...fields({ type: coin.id, amount: '999.99' }),
          await proof(),
        ]),
      );
    }
    const url = (i: number) => `${STAFF_FUNDING}/requests/${claims[i]?.id ?? ''}`;

    const first = await alone.post(`${url(0)}/confirm`, { receivedAmount: '99999' });
    expect(first.statusCode, first.body).toBe(200);
    // 999.99 + 999.99 is past 1,000.00: the second one waits, said so.
    const second = await alone.post(`${url(1)}/confirm`, { receivedAmount: '99999' });
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json().proposal.summary).toContain('$999.99');
    const reason = (await other.get(`/api/v1/staff/approvals/${second.json().proposal.id}`)).json()
      .reason as string;
    expect(reason).toContain('in the last 24 hours');

    // Another reviewer has posted nothing alone for this customer: they decide alone.
    const third = await other.post(`${url(2)}/confirm`, { receivedAmount: '99999' });
    expect(third.statusCode, third.body).toBe(200);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it("one processor's refunds for one customer add up the same way", async () => {
    const alone = await r.staff('operations', 'ops-refund');
    const c = await r.sender(5_000_000n);
    const a = (await r.send(c, details({ amount: '600' }))).id;
    const b = (await r.send(c, details({ amount: '600' }))).id;
    const first = await alone.post(`${STAFF_TRANSFERS}/${a}/fail`, { reason: 'Account closed' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await alone.post(`${STAFF_TRANSFERS}/${b}/fail`, { reason: 'Account closed' });
    expect(second.statusCode, second.body).toBe(202);
    expect(await entries(`transfer:${b}:reversal`)).toHaveLength(0);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('two confirmations alone at once each count the other: one posts, one waits', async () => {
    const alone = await r.staff('operations', 'ops-race');
    const coin = await r.cryptoType();
    const c = await r.customer();
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const claim = await r.submit(c.client, 'deposits', [
        ...fields({ type: coin.id, amount: '600' }),
        await proof(),
      ]);
      ids.push(claim.id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        alone.post(`${STAFF_FUNDING}/requests/${id}/confirm`, { receivedAmount: '60000' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 202]);
    expect((await entries('funding:')).length).toBeGreaterThan(0);
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});
