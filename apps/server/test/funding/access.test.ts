import { describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/http.js';
import { multipartBody } from '../helpers/multipart.js';
import { useTestApp } from '../helpers/suite.js';
import { STAFF_FUNDING, fields, fundingHelpers, proof } from './setup.js';

/** Who reaches which funding route: a customer their own requests, reviewers the queue. */

const suite = useTestApp();
const { staff, customer, cryptoType, submit } = fundingHelpers(suite);
const KINDS = ['deposit', 'payment', 'fixed_deposit', 'upgrade'] as const;

async function aRequest() {
  const coin = await cryptoType();
  const owner = await customer({ firstName: 'Ada', lastName: 'Owner' });
  const request = await submit(owner.client, 'deposits', [
    ...fields({ type: coin.id, amount: '25' }),
    await proof(),
  ]);
  return { coin, owner, id: request.id };
}

function staffCalls(client: TestClient, id: string) {
  return [
    () => client.get(`${STAFF_FUNDING}/queue`),
    () => client.get(`${STAFF_FUNDING}/queue?status=confirmed`),
    () => client.get(`${STAFF_FUNDING}/requests/${id}`),
    () => client.get(`${STAFF_FUNDING}/requests/${id}/proof`),
    () => client.post(`${STAFF_FUNDING}/requests/${id}/confirm`, { receivedAmount: '2500' }),
    () => client.post(`${STAFF_FUNDING}/requests/${id}/decline`, { reason: 'Not mine to decide' }),
  ];
}

describe('funding access', () => {
  it("a customer sees only their own requests, of the kind asked for, and never another's", async () => {
    const { coin, owner, id } = await aRequest();
    const other = await customer({ firstName: 'Bea', lastName: 'Other' });
    for (const kind of KINDS) {
      const theirs = await other.client.get(`/api/v1/funding/requests?kind=${kind}`);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().items).toEqual([]);
    }
    const mine = (await owner.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(mine.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await owner.client.get('/api/v1/funding/requests?kind=payment')).json().items).toEqual(
      [],
    );
    // The other customer's own request does not show in the owner's list either.
    await submit(other.client, 'deposits', [
      ...fields({ type: coin.id, amount: '30' }),
      await proof(),
    ]);
    expect(
      (await owner.client.get('/api/v1/funding/requests?kind=deposit')).json().items,
    ).toHaveLength(1);
    for (const kind of ['', 'deposits', 'loan']) {
      expect((await owner.client.get(`/api/v1/funding/requests?kind=${kind}`)).statusCode).toBe(
        400,
      );
    }
  });

  it('customers and signed-out visitors never reach the staff routes (401), nothing decided', async () => {
    const { owner, id } = await aRequest();
    const visitor = new TestClient(suite.app);
    for (const client of [owner.client, visitor]) {
      for (const call of staffCalls(client, id)) {
        expect((await call()).statusCode).toBe(401);
      }
    }
    // Nor do signed-out visitors reach the customer's routes.
    expect((await visitor.get('/api/v1/funding/requests?kind=deposit')).statusCode).toBe(401);
    const { payload, contentType } = multipartBody(fields({ type: '1', amount: '5' }));
    const anonymous = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/funding/deposits',
      payload,
      headers: { 'content-type': contentType, 'x-bank-csrf': '1' },
    });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await suite.database.db
      .selectFrom('funding_requests')
      .select('status')
      .where('id', '=', BigInt(id))
      .execute();
    expect(row?.status).toBe('pending');
  });

  it('staff without funding.review get 403 on every review route, and it is logged', async () => {
    const { id } = await aRequest();
    const kycReviewer = await staff('kyc_reviewer');
    for (const call of staffCalls(kycReviewer, id)) {
      expect((await call()).statusCode).toBe(403);
    }
    const denied = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'security.permission_denied')
      .execute();
    expect(denied.length).toBeGreaterThan(0);
    const viewed = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'funding.view_proof')
      .where('target_id', '=', id)
      .execute();
    expect(viewed).toEqual([]);
    // A staff session is not a customer's: the customer routes are closed to it.
    expect((await kycReviewer.get('/api/v1/funding/requests?kind=deposit')).statusCode).toBe(401);
  });

  it('operations staff (funding.review) review and decide; unknown ids are 404, bad ones 400', async () => {
    const { id } = await aRequest();
    const operations = await staff('operations');
    expect((await operations.get(`${STAFF_FUNDING}/requests/${id}`)).statusCode).toBe(200);
    expect((await operations.get(`${STAFF_FUNDING}/requests/${id}/proof`)).statusCode).toBe(200);
    for (const path of ['/requests/999999', '/requests/999999/proof']) {
      expect((await operations.get(`${STAFF_FUNDING}${path}`)).statusCode).toBe(404);
    }
    expect(
      (await operations.post(`${STAFF_FUNDING}/requests/999999/confirm`, { receivedAmount: '1' }))
        .statusCode,
    ).toBe(404);
    for (const bad of ['abc', '0', '99999999999999999999']) {
      expect((await operations.get(`${STAFF_FUNDING}/requests/${bad}`)).statusCode).toBe(400);
    }
    expect((await operations.get(`${STAFF_FUNDING}/queue?status=open`)).statusCode).toBe(400);
    for (const receivedAmount of ['0', '-1', '1.5', '1e3', 'ten', '9999999999999999999']) {
      const res = await operations.post(`${STAFF_FUNDING}/requests/${id}/confirm`, {
        receivedAmount,
      });
      expect(res.statusCode, receivedAmount).toBe(400);
    }
    expect(
      (await operations.post(`${STAFF_FUNDING}/requests/${id}/decline`, { reason: 'no' }))
        .statusCode,
    ).toBe(400);
    const decided = await operations.post(`${STAFF_FUNDING}/requests/${id}/confirm`, {
      receivedAmount: '2500',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().decidedBy).toBe('Bank Administrator');
  });
});
