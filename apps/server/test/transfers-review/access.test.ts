/**
 * Security review of bank transfers (decision 0019): who may act on what, and what an answer
 * gives away. Regression tests of what held up; "KNOWN (documented)" pins behaviour decided on
 * purpose (decision 0019), so a change to it is seen.
 */
import { describe, expect, it } from 'vitest';
import { signedInCustomer } from '../helpers/customers.js';
import { TestClient, visibleAnswer } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import { OWN_SWIFT, PIN, STAFF_TRANSFERS, TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers, type Json } from './review-setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);

/** Every customer call on one transfer id. */
function everyStep(client: TestClient, id: string) {
  return [
    () => client.get(`${TRANSFERS}/${id}`),
    () => client.put(`${TRANSFERS}/${id}`, details({ amount: '1' })),
    () => client.post(`${TRANSFERS}/${id}/confirm`),
    () => client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN }),
    () => client.post(`${TRANSFERS}/${id}/code`, { code: '1234' }),
    () => client.post(`${TRANSFERS}/${id}/code/resend`),
    () => client.post(`${TRANSFERS}/${id}/submit`),
  ];
}

describe('transfer review: access', () => {
  it('another customer’s transfer, at every stage, answers exactly as a transfer that does not exist', async () => {
    const a = await r.sender();
    const b = await r.sender();
    const draft = (await r.create(a.client, details({ amount: '5' }))).json() as Json;
    const confirmed = await r.confirmed(a.client, details({ amount: '6' }));
    const { id: pinned } = await r.pinned(a, details({ amount: '7' }));
    const { id: sent } = await r.send(a, details({ amount: '8' }));
    const missing = '9000000000000';
    const nobody = await Promise.all(everyStep(b.client, missing).map((f) => f()));
    for (const id of [String(draft.id), confirmed, pinned, sent]) {
      const answers = [];
      for (const call of everyStep(b.client, id)) answers.push(await call());
      answers.forEach((res, i) => {
        expect(visibleAnswer(res), `${id} step ${i}`).toEqual(visibleAnswer(nobody[i] as never));
      });
    }
    expect((await r.pinRow(a.userId)).failures).toBe(0);
    expect((await r.pinRow(b.userId)).failures).toBe(0);
    // A's transfers are as A left them.
    expect((await r.row(String(draft.id))).stage).toBe('draft');
    expect((await r.row(confirmed)).stage).toBe('confirmed');
    expect((await r.row(pinned)).stage).toBe('pin_verified');
    expect((await r.row(sent)).stage).toBe('submitted');
    expect(((await b.client.get(TRANSFERS)).json() as { items: Json[] }).items).toEqual([]);
  });

  it('another customer’s beneficiary cannot be removed, and answers as one that does not exist', async () => {
    const a = await r.sender();
    const b = await r.sender();
    await r.send(a, details({ amount: '5', saveBeneficiary: true }));
    const [saved] = ((await a.client.get('/api/v1/beneficiaries')).json() as { items: Json[] })
      .items;
    expect(saved).toBeDefined();
    const theirs = await b.client.delete(`/api/v1/beneficiaries/${String(saved?.id)}`);
    const none = await b.client.delete('/api/v1/beneficiaries/9000000000000');
    expect(visibleAnswer(theirs as never)).toEqual(visibleAnswer(none as never));
    expect(
      ((await a.client.get('/api/v1/beneficiaries')).json() as { items: Json[] }).items,
    ).toHaveLength(1);
    expect(
      ((await b.client.get('/api/v1/beneficiaries')).json() as { items: Json[] }).items,
    ).toHaveLength(0);
  });

  it('customers, signed-out callers and staff without transfers.process are kept off the staff routes', async () => {
    const c = await r.sender();
    const { id } = await r.send(c, details({ amount: '5' }));
    const kyc = await r.staff('kyc_reviewer', 'kyc');
    const anonymous = new TestClient(suite.app);
    for (const client of [c.client, kyc, anonymous]) {
      for (const res of [
        await client.get(STAFF_TRANSFERS),
        await client.get(`${STAFF_TRANSFERS}/${id}`),
        await client.post(`${STAFF_TRANSFERS}/${id}/complete`, { reference: 'REF-123' }),
        await client.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Because I can' }),
      ]) {
        expect([401, 403]).toContain(res.statusCode);
      }
    }
    expect(await r.row(id)).toMatchObject({ status: 'in_progress', reversal_entry_id: null });
    const denied = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'security.permission_denied')
      .execute();
    expect(denied.length).toBeGreaterThanOrEqual(4);
    // An operations member (transfers.process) may.
    const ops = await r.staff('operations', 'ops');
    expect((await ops.get(`${STAFF_TRANSFERS}/${id}`)).statusCode).toBe(200);
  });

  it('staff and customers still onboarding cannot use the customer routes', async () => {
    const staff = await r.staff();
    const pending = await signedInCustomer(suite.app, suite.database, { kycStatus: 'pending' });
    const c = await r.sender();
    const id = await r.confirmed(c.client, details({ amount: '5' }));
    for (const client of [staff, pending.client, new TestClient(suite.app)]) {
      expect([401, 403]).toContain((await r.create(client, details())).statusCode);
      for (const call of everyStep(client, id)) {
        expect([401, 403]).toContain((await call()).statusCode);
      }
      expect([401, 403]).toContain((await client.get(TRANSFERS)).statusCode);
      expect([401, 403]).toContain((await client.get('/api/v1/beneficiaries')).statusCode);
    }
    expect((await r.row(id)).stage).toBe('confirmed');
  });

  it('staff see and decide submitted transfers only; one settled inside the bank cannot be failed', async () => {
    await r.ownSwift();
    const staff = await r.staff();
    const a = await r.sender();
    const b = await r.sender(0n);
    const draft = (await r.create(a.client, details({ amount: '5' }))).json() as Json;
    const { id: pinned } = await r.pinned(a, details({ amount: '6' }));
    for (const id of [String(draft.id), pinned]) {
      expect((await staff.get(`${STAFF_TRANSFERS}/${id}`)).statusCode).toBe(404);
      expect(
        (await staff.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Refund me' })).statusCode,
      ).toBe(404);
      expect(
        (await staff.post(`${STAFF_TRANSFERS}/${id}/complete`, { reference: 'REF-1' })).statusCode,
      ).toBe(404);
    }
    const { id: internal } = await r.send(a, r.inside(b, { amount: '10' }));
    expect(
      (await staff.post(`${STAFF_TRANSFERS}/${internal}/fail`, { reason: 'Refund me' })).statusCode,
    ).toBe(409);
    // Inside the bank, no service charge (decision 24).
    expect(await r.balanceOf(b)).toBe(1_000n);
  });

  it('KNOWN (documented): with only a session (no PIN), a customer learns whether a number is a current account of this bank', async () => {
    await r.ownSwift();
    const probe = await r.sender(10_000n);
    const victim = await r.sender(0n, { firstName: 'Victoria' });
    const before = await r.transferCount(probe.userId);
    const paths = (res: { json(): unknown }) =>
      (res.json() as { errors: { path: string }[] }).errors.map((e) => e.path);
    // Decision 0019: an account of this bank that does not exist is a 400 on the account number;
    // one that exists under another name is a 400 on the holder name (the owner's name is never
    // shown). So the field of the answer tells the two apart, before any PIN. Since decision 24
    // each such try counts against the payee-check limits (payee-limits.test.ts).
    const guessed = await r.create(
      probe.client,
      details({ swift: OWN_SWIFT, accountNumber: victim.accountNumber }),
    );
    expect(guessed.statusCode).toBe(400);
    expect(paths(guessed)).toEqual(['body.accountHolderName']);
    expect(JSON.stringify(guessed.json())).not.toContain('Victoria');
    const missing = await r.create(
      probe.client,
      details({ swift: OWN_SWIFT, accountNumber: '1000000001' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(paths(missing)).toEqual(['body.accountNumber']);
    expect(await r.transferCount(probe.userId)).toBe(before);
    // With the holder's real name it is a draft, kept as any other.
    const named = await r.create(probe.client, r.inside(victim));
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ internal: true, stage: 'draft' });
    expect(await r.transferCount(probe.userId)).toBe(before + 1);
  });
});
