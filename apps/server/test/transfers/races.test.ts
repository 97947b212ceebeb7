import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, STAFF_TRANSFERS, TRANSFERS, details, newKey, transferHelpers } from './setup.js';

/**
 * The races of issue 10, on both engines: many submissions that each spend everything, one key
 * many times, one code twice, details changed under a code, steps called out of order, two staff
 * deciding one transfer. Each ends with the books checked.
 */

const suite = useTestApp();
const t = transferHelpers(suite);

type Json = Record<string, unknown>;

async function entriesOf(userId: bigint) {
  const rows = await suite.database.db
    .selectFrom('transfers')
    .select(['entry_id', 'stage'])
    .where('user_id', '=', userId)
    .execute();
  return rows;
}

describe('transfer races', () => {
  it('50 submissions that each spend the whole balance: exactly one goes', async () => {
    const c = await t.sender(50_000n);
    // Pay the beneficiary once (with the code), so the 50 need the PIN only.
    await t.send(c, details({ amount: '1' }));
    const balance = await t.balanceOf(c);
    expect(balance).toBe(49_900n);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const id = await t.confirmed(c.client, details({ amount: '499' }));
      const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
      expect(pin.json()).toMatchObject({ next: 'ready' });
      ids.push(id);
    }
    const results = await Promise.all(ids.map((id) => c.client.post(`${TRANSFERS}/${id}/submit`)));
    const done = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        code: 'TRANSFER_REFUSED',
        notice: { title: 'Insufficient balance' },
      });
    }
    expect(await t.balanceOf(c)).toBe(0n);
    const submitted = (await entriesOf(c.userId)).filter((r) => r.stage === 'submitted');
    expect(submitted).toHaveLength(2);
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('one idempotency key 20 times at once: one transfer; one transfer submitted 20 times: one entry', async () => {
    const c = await t.sender(1_000_000n);
    const key = newKey();
    const creates = await Promise.all(
      Array.from({ length: 20 }, () => t.create(c.client, details({ amount: '5' }), key)),
    );
    // One does the work; each other either gets its answer again (marked replayed) or, while it
    // still runs, a 409 to retry (decision 31): never a second transfer.
    const answered = creates.filter((r) => r.statusCode === 201);
    const busy = creates.filter((r) => r.statusCode === 409);
    expect(answered.length + busy.length).toBe(20);
    expect(answered.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(busy.every((r) => r.headers['retry-after'] === '1')).toBe(true);
    const ids = new Set(answered.map((r) => (r.json() as Json).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as string[];
    await c.client.post(`${TRANSFERS}/${id}/confirm`);
    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.json()).toMatchObject({ next: 'code' });
    await c.client.post(`${TRANSFERS}/${id}/code`, { code: await t.codeFor(c.email) });
    const submits = await Promise.all(
      Array.from({ length: 20 }, () => c.client.post(`${TRANSFERS}/${id}/submit`)),
    );
    expect(submits.every((r) => r.statusCode === 200)).toBe(true);
    expect(submits.every((r) => (r.json() as Json).next === 'done')).toBe(true);
    const entries = await suite.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', `transfer:${id}`)
      .execute();
    expect(entries).toHaveLength(1);
    expect(await t.balanceOf(c)).toBe(1_000_000n - 500n);
  });

  it('one code sent twice at once: one step passes, one transfer', async () => {
    const c = await t.sender(1_000_000n);
    const id = await t.confirmed(c.client, details({ amount: '30' }));
    await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    const code = await t.codeFor(c.email);
    const tries = await Promise.all([
      c.client.post(`${TRANSFERS}/${id}/code`, { code }),
      c.client.post(`${TRANSFERS}/${id}/code`, { code }),
    ]);
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const submits = await Promise.all([
      c.client.post(`${TRANSFERS}/${id}/submit`),
      c.client.post(`${TRANSFERS}/${id}/submit`),
    ]);
    expect(submits.map((r) => (r.json() as Json).next)).toEqual(['done', 'done']);
    expect(await t.balanceOf(c)).toBe(1_000_000n - 3_000n);
  });

  it('details changed after the code was sent: the code is refused and spent', async () => {
    const c = await t.sender(1_000_000n);
    const id = await t.confirmed(c.client, details({ amount: '40' }));
    await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    const code = await t.codeFor(c.email);

    // Through the API: an edit sends the transfer back to draft and voids the code.
    const edit = await c.client.put(`${TRANSFERS}/${id}`, details({ amount: '4000' }));
    expect(edit.json()).toMatchObject({ stage: 'draft', amount: '400000' });
    expect((await c.client.post(`${TRANSFERS}/${id}/code`, { code })).statusCode).toBe(409);
    const live = await suite.database.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('user_id', '=', c.userId)
      .where('purpose', '=', 'transfer_authorization')
      .where('consumed_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);

    // Under the API: the row's beneficiary changes after the code went out (as a race would).
    await c.client.post(`${TRANSFERS}/${id}/confirm`);
    await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    const second = await t.codeFor(c.email);
    await suite.database.db
      .updateTable('transfers')
      .set({ destination_key: 'EVILGB2L:GB00EVIL0000000001', account_number: 'GB00EVIL0000000001' })
      .where('id', '=', BigInt(id))
      .execute();
    const refused = await c.client.post(`${TRANSFERS}/${id}/code`, { code: second });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as Json).detail).toMatch(/other details/);
    const again = await c.client.post(`${TRANSFERS}/${id}/code`, { code: second });
    expect(again.statusCode).toBe(422);
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(409);
    expect(await t.balanceOf(c)).toBe(1_000_000n);
  });

  it('the final step without the PIN or the code is refused, and nothing moves', async () => {
    const c = await t.sender(1_000_000n);
    const draft = (await t.create(c.client, details())).json() as Json;
    expect((await c.client.post(`${TRANSFERS}/${draft.id}/submit`)).statusCode).toBe(409);
    const id = await t.confirmed(c.client, details());
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(409);
    await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(409);
    // Someone else's transfer is nobody's.
    const other = await t.sender(1_000_000n);
    expect((await other.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(404);
    expect((await other.client.get(`${TRANSFERS}/${id}`)).statusCode).toBe(404);
    expect(await t.balanceOf(c)).toBe(1_000_000n);
  });

  it('two staff deciding one transfer at once: one decision', async () => {
    const c = await t.sender(1_000_000n);
    const a = await t.staff('admin', 'ops-a');
    const b = await t.staff('admin', 'ops-b');
    for (let round = 0; round < 3; round++) {
      const { id } = await t.send(c, details({ amount: '10' }));
      const [x, y] = await Promise.all([
        a.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Beneficiary bank refused' }),
        round % 2 === 0
          ? b.post(`${STAFF_TRANSFERS}/${id}/complete`, { reference: `REF-${round}` })
          : b.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Wrong account' }),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      const reversals = await suite.database.db
        .selectFrom('journal_entries')
        .select('id')
        .where('idempotency_key', '=', `transfer:${id}:reversal`)
        .execute();
      const status = (await a.get(`${STAFF_TRANSFERS}/${id}`)).json() as Json;
      expect(reversals).toHaveLength(status.status === 'failed' ? 1 : 0);
    }
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });
});
