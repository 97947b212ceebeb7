import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import { STAFF_FUNDING, fields, proof } from '../funding/setup.js';
import { STAFF_TRANSFERS, details, transferHelpers } from '../transfers/setup.js';

/**
 * The queues keep what was decided: each decided item says the decision, by whom and when, and
 * every tab is searched (the customer's name or email, an id, an amount) a page at a time.
 */
const clock = testClock();
const suite = useTestApp({ clock });
const helpers = transferHelpers(suite);
const KYC = '/api/v1/staff/kyc';

let admin: TestClient;

async function get<T>(url: string): Promise<T> {
  const response = await admin.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** Every item of a tab, page by page (two at a time), as "Load more" reads them. */
async function allPages<T extends { id: string }>(base: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = base.includes('?') ? '&' : '?';
    const page: { items: T[]; nextCursor: string | null } = await get(
      `${base}${sep}limit=2${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}

beforeAll(async () => {
  admin = await helpers.staff();
});

describe(`identity checks' history (${engineName})`, () => {
  it('shows each decision with its reviewer and time, searched and paged', async () => {
    const people = [
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Grace', lastName: 'Hopper' },
      { firstName: 'Alan', lastName: 'Turing' },
      { firstName: 'Edsger', lastName: 'Dijkstra' },
    ];
    const ids: string[] = [];
    const userIds: string[] = [];
    const emails: string[] = [];
    for (const person of people) {
      const c = await signedInCustomer(suite.app, suite.database, {
        kycStatus: 'pending',
        ...person,
      });
      const { rows } = await sql<{ id: bigint }>`
        insert into kyc_submissions (user_id, country, phone, home_address, document_type)
        values (${c.userId}, 'GB', '+447700900123', '1 Test Street', 'Passport')
        returning id`.execute(suite.database.db);
      ids.push(String(rows[0]?.id));
      userIds.push(String(c.userId));
      emails.push(c.email);
    }
    // Decided a minute apart: Ada and Alan approved, Grace declined; Edsger still waits.
    const decide = async (id: string | undefined, how: 'approve' | 'decline') => {
      clock.advance(60_000);
      const response = await admin.post(
        `${KYC}/submissions/${id}/${how}`,
        how === 'decline' ? { reason: 'The document has expired' } : undefined,
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await decide(ids[0], 'approve');
    await decide(ids[1], 'decline');
    await decide(ids[2], 'approve');

    type Item = {
      id: string;
      firstName: string;
      status: string;
      reviewedAt: string | null;
      reviewedBy: string | null;
      declineReason: string | null;
    };
    const approved = await allPages<Item>(`${KYC}/queue?status=approved`);
    // Newest decision first, each with who and when.
    expect(approved.map((i) => i.firstName)).toEqual(['Alan', 'Ada']);
    expect(approved[0]).toMatchObject({
      status: 'approved',
      reviewedBy: 'Bank Administrator',
      reviewedAt: clock.now().toISOString(),
      declineReason: null,
    });
    const declined = (await get<{ items: Item[] }>(`${KYC}/queue?status=declined`)).items;
    expect(declined).toMatchObject([
      {
        firstName: 'Grace',
        reviewedBy: 'Bank Administrator',
        declineReason: 'The document has expired',
      },
    ]);
    const waiting = (await get<{ items: Item[] }>(`${KYC}/queue`)).items;
    expect(waiting).toMatchObject([{ firstName: 'Edsger', status: 'pending', reviewedBy: null }]);

    // Search: words of the name (any case), the email, the submission's id.
    const names = async (query: string) =>
      (await get<{ items: Item[] }>(`${KYC}/queue?status=approved&${query}`)).items.map(
        (i) => i.firstName,
      );
    expect(await names('q=turing')).toEqual(['Alan']);
    expect(await names('q=ada%20love')).toEqual(['Ada']);
    expect(await names(`q=${encodeURIComponent(emails[0] ?? '')}`)).toEqual(['Ada']);
    // Digits are a submission's id or a customer's: Alan's submission, and whoever (approved)
    // has that number as their customer id in this shared database.
    const byNumber = (n: string) =>
      ['Alan', 'Ada'].filter((name) => {
        const i = people.findIndex((p) => p.firstName === name);
        return ids[i] === n || userIds[i] === n;
      });
    expect(await names(`q=${ids[2]}`)).toEqual(byNumber(ids[2] ?? ''));
    expect(await names('q=hopper')).toEqual([]);
    // LIKE's wildcards are plain characters in a search.
    expect(await names('q=%25')).toEqual([]);
    expect(await names('q=_')).toEqual([]);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await admin.get(`${KYC}/queue?status=approved&cursor=bm90LWEtY3Vyc29y`);
    expect(response.statusCode).toBe(400);
  });
});

describe(`funding requests' history (${engineName})`, () => {
  it('shows what arrived or why not, by whom and when, searched by name, id and amount', async () => {
    const coin = await helpers.cryptoType('Bitcoin');
    const ada = await helpers.customer({ firstName: 'Ada', lastName: 'Byron' });
    const bob = await helpers.customer({ firstName: 'Bob', lastName: 'Marley' });
    const submit = async (c: { client: TestClient }, amount: string) =>
      helpers.submit(c.client, 'deposits', [...fields({ type: coin.id, amount }), await proof()]);
    const one = await submit(ada, '150.00');
    const two = await submit(bob, '75.50');
    const three = await submit(ada, '20.00');
    clock.advance(60_000);
    const confirmed = await admin.post(`${STAFF_FUNDING}/requests/${one.id}/confirm`, {
      receivedAmount: '14990',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    clock.advance(60_000);
    const declined = await admin.post(`${STAFF_FUNDING}/requests/${two.id}/decline`, {
      reason: 'Nothing arrived at the address',
    });
    expect(declined.statusCode, declined.body).toBe(200);

    type Item = {
      id: string;
      status: string;
      claimedAmount: string;
      receivedAmount: string | null;
      declineReason: string | null;
      decidedAt: string | null;
      decidedBy: string | null;
      customer: { firstName: string };
    };
    const confirmedTab = (await get<{ items: Item[] }>(`${STAFF_FUNDING}/queue?status=confirmed`))
      .items;
    expect(confirmedTab).toMatchObject([
      {
        id: one.id,
        claimedAmount: '15000',
        receivedAmount: '14990',
        decidedBy: 'Bank Administrator',
        decidedAt: new Date(clock.now().getTime() - 60_000).toISOString(),
      },
    ]);
    const declinedTab = (await get<{ items: Item[] }>(`${STAFF_FUNDING}/queue?status=declined`))
      .items;
    expect(declinedTab).toMatchObject([
      {
        id: two.id,
        receivedAmount: null,
        declineReason: 'Nothing arrived at the address',
        decidedBy: 'Bank Administrator',
        decidedAt: clock.now().toISOString(),
      },
    ]);
    expect((await get<{ items: Item[] }>(`${STAFF_FUNDING}/queue`)).items.map((i) => i.id)).toEqual(
      [three.id],
    );

    const ids = async (query: string) =>
      (await get<{ items: Item[] }>(`${STAFF_FUNDING}/queue?${query}`)).items.map((i) => i.id);
    // By the amount claimed or the amount that arrived, as typed.
    expect(await ids('status=confirmed&amount=150')).toEqual([one.id]);
    expect(await ids('status=confirmed&amount=149.90')).toEqual([one.id]);
    expect(await ids('status=confirmed&amount=20')).toEqual([]);
    expect(await ids('status=declined&q=marley')).toEqual([two.id]);
    expect(await ids(`status=declined&q=${two.id}`)).toEqual([two.id]);
    expect(await ids(`q=${ada.userId}`)).toEqual([three.id]);
    expect(await ids('status=confirmed&kind=payment')).toEqual([]);
    expect((await admin.get(`${STAFF_FUNDING}/queue?amount=12.345`)).statusCode).toBe(400);
  });
});

describe(`outgoing transfers' history (${engineName})`, () => {
  it('shows each decision with its reference or reason, by whom and when, paged and searched', async () => {
    const grace = await helpers.sender(10_000_000n, { firstName: 'Grace' });
    const sent: string[] = [];
    for (const amount of ['100.00', '250.00', '300.00', '410.00']) {
      const { id, submit } = await helpers.send(grace, details({ amount }));
      expect(submit.statusCode, submit.body).toBe(200);
      sent.push(id);
    }
    const [first, second, third] = sent;
    clock.advance(60_000);
    expect(
      (await admin.post(`${STAFF_TRANSFERS}/${first}/complete`, { reference: 'REF-0001' }))
        .statusCode,
    ).toBe(200);
    clock.advance(60_000);
    expect(
      (await admin.post(`${STAFF_TRANSFERS}/${second}/complete`, { reference: 'REF-0002' }))
        .statusCode,
    ).toBe(200);
    clock.advance(60_000);
    const failed = await admin.post(`${STAFF_TRANSFERS}/${third}/fail`, {
      reason: 'The receiving bank returned it',
    });
    expect(failed.statusCode, failed.body).toBe(200);

    type Item = {
      id: string;
      amount: string;
      status: string;
      reference: string | null;
      failureReason: string | null;
      decidedBy: string | null;
      decidedAt: string | null;
    };
    const successful = await allPages<Item>(`${STAFF_TRANSFERS}?status=successful`);
    expect(successful.map((i) => [i.id, i.reference, i.decidedBy])).toEqual([
      [second, 'REF-0002', 'Bank Administrator'],
      [first, 'REF-0001', 'Bank Administrator'],
    ]);
    expect(successful[0]?.decidedAt).toBe(new Date(clock.now().getTime() - 60_000).toISOString());
    const failedTab = (await get<{ items: Item[] }>(`${STAFF_TRANSFERS}?status=failed`)).items;
    expect(failedTab).toMatchObject([
      {
        id: third,
        failureReason: 'The receiving bank returned it',
        decidedBy: 'Bank Administrator',
      },
    ]);

    const ids = async (query: string) =>
      (await get<{ items: Item[] }>(`${STAFF_TRANSFERS}?${query}`)).items.map((i) => i.id);
    expect(await ids('status=successful&amount=250')).toEqual([second]);
    expect(await ids(`status=successful&q=${encodeURIComponent(grace.email)}`)).toEqual([
      second,
      first,
    ]);
    expect(await ids(`status=successful&q=${first}`)).toEqual([first]);
    expect(await ids('status=successful&q=nobody')).toEqual([]);
    // In progress: oldest first, the order to work in.
    expect(await ids('status=in_progress')).toEqual([sent[3]]);
  });
});
