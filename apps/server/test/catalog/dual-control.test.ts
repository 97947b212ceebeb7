import { describe, expect, it } from 'vitest';
import { signedInCustomer } from '../helpers/customers.js';
import type { TestClient } from '../helpers/http.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

/**
 * Two people for the catalog entries that decide where money goes or what it costs (decision
 * 21): crypto types, fixed-deposit and account plans, institution details. One staff member's
 * change is a proposal; customers see nothing of it until a different one approves it.
 */

const suite = useTestApp();
const CATALOG = '/api/v1/staff/catalog';
const APPROVALS = '/api/v1/staff/approvals';
const FORMS = '/api/v1/funding/forms';
const RECEIVE = '/api/v1/funding/receive-details';
const PASSWORD = 'granite harbour lighthouse keeper';
const ADDRESS = 'TQ5NsmZqVQmhXBJAKG5wDwyX1xr9o3Ph6y';
const NEW_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const sessions = new Map<string, TestClient>();
/** A staff member with every permission, signed in once per suite. */
async function staff(name: 'maker' | 'checker' | 'third'): Promise<TestClient> {
  const known = sessions.get(name);
  if (known) return known;
  const credentials = { email: `catalog.${name}@bank.example`, password: PASSWORD };
  await createStaff(suite.database, credentials);
  const client = await signInStaff(suite.app, credentials);
  sessions.set(name, client);
  return client;
}

let customerClient: TestClient | undefined;
async function customer() {
  customerClient ??= (await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' }))
    .client;
  return customerClient;
}

async function forms() {
  const res = await (await customer()).get(FORMS);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    cryptoTypes: { id: string; name: string; address: string }[];
    fixedDepositPlans: { id: string; name: string; annualRateBp: number }[];
    accountPlans: { id: string; name: string; price: string; serviceChargeBp: number }[];
  };
}

/** A change answered 202: the proposal's id. */
function proposed(res: { statusCode: number; body: string; json(): unknown }): string {
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json() as { approvalId: string; message: string };
  expect(body.message).toMatch(/^Sent for approval/);
  return body.approvalId;
}

async function approve(client: TestClient, id: string) {
  return client.post(`${APPROVALS}/${id}/approve`, {});
}

const countApprovals = async () =>
  Number(
    (
      await suite.database.db
        .selectFrom('approvals')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const audit = (action: string) =>
  suite.database.db
    .selectFrom('audit_log')
    .select(['actor_id as actorId', 'target_id as targetId', 'before', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

let seq = 0;
/** A crypto type offered to customers, through a proposal and its approval. */
async function coin(): Promise<{ id: string; name: string }> {
  seq += 1;
  const name = `Coin ${seq}`;
  const id = proposed(
    await (await staff('maker')).post(`${CATALOG}/crypto-types`, { name, address: ADDRESS }),
  );
  const done = await approve(await staff('checker'), id);
  expect(done.statusCode, done.body).toBe(200);
  const entryId = (done.json() as { outcome: { label: string; value: string }[] }).outcome.find(
    (l) => l.label === 'Entry',
  )?.value;
  return { id: String(entryId), name };
}

describe('a fresh install', () => {
  it('has its seeded plan and institution row without anyone approving anything', async () => {
    const fresh = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    const offered = (await fresh.client.get(FORMS)).json();
    expect(offered.accountPlans.map((p: { name: string }) => p.name)).toContain('Basic');
    expect((await fresh.client.get(RECEIVE)).statusCode).toBe(200);
    // Seeding is not a staff action: nothing waits for anyone.
    expect(await countApprovals()).toBe(0);
  });
});

describe('a crypto deposit address', () => {
  it('changes for customers only once a second person approves, exactly once', async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const type = await coin();
    const seen = (await forms()).cryptoTypes.find((t) => t.id === type.id);
    expect(seen?.address).toBe(ADDRESS);

    const id = proposed(
      await maker.put(`${CATALOG}/crypto-types/${type.id}`, {
        name: type.name,
        address: NEW_ADDRESS,
        network: 'Bitcoin',
      }),
    );
    // Nothing customers read changes, nor the staff list.
    expect((await forms()).cryptoTypes.find((t) => t.id === type.id)?.address).toBe(ADDRESS);
    const listed = (await maker.get(`${CATALOG}/crypto-types`)).json().items;
    expect(listed.find((t: { id: string }) => t.id === type.id).address).toBe(ADDRESS);

    // The catalog pages show it waiting, before → after.
    const pending = (await maker.get(`${CATALOG}/pending`)).json().items;
    expect(pending).toContainEqual(
      expect.objectContaining({
        approvalId: id,
        section: 'crypto-types',
        entryId: type.id,
        action: 'edit',
        mine: true,
        details: [
          { label: 'Change', value: `Change the crypto type ${type.name}` },
          { label: 'Deposit address', value: `${ADDRESS} → ${NEW_ADDRESS}` },
          { label: 'Network label', value: 'none → Bitcoin' },
        ],
      }),
    );
    expect(
      (await checker.get(`${CATALOG}/pending`))
        .json()
        .items.find((p: { approvalId: string }) => p.approvalId === id).mine,
    ).toBe(false);

    // The proposer cannot approve their own.
    const own = await approve(maker, id);
    expect(own.statusCode, own.body).toBe(403);
    expect((await forms()).cryptoTypes.find((t) => t.id === type.id)?.address).toBe(ADDRESS);

    const done = await approve(checker, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'approved' });
    expect((await forms()).cryptoTypes.find((t) => t.id === type.id)?.address).toBe(NEW_ADDRESS);
    expect((await maker.get(`${CATALOG}/pending`)).json().items).toEqual([]);

    // Once: approving again is refused and writes nothing more.
    expect((await approve(await staff('third'), id)).statusCode).toBe(409);
    const edits = (await audit('catalog.crypto_type.edit')).filter((a) => a.targetId === type.id);
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      before: { address: ADDRESS },
      after: { address: NEW_ADDRESS, network: 'Bitcoin', approvalId: id },
    });
    const proposals = await audit('approval.propose');
    expect(proposals.some((a) => a.targetId === id)).toBe(true);
  });

  it('is added and retired through a proposal too', async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const id = proposed(
      await maker.post(`${CATALOG}/crypto-types`, { name: 'Dogecoin', address: ADDRESS }),
    );
    expect((await forms()).cryptoTypes.map((t) => t.name)).not.toContain('Dogecoin');
    expect(
      (await maker.get(`${CATALOG}/crypto-types`))
        .json()
        .items.map((t: { name: string }) => t.name),
    ).not.toContain('Dogecoin');
    // The same name proposed again while the first waits: one open proposal per name.
    expect(
      (await checker.post(`${CATALOG}/crypto-types`, { name: 'DOGECOIN', address: ADDRESS }))
        .statusCode,
    ).toBe(409);
    expect((await approve(checker, id)).statusCode).toBe(200);
    const added = (await forms()).cryptoTypes.find((t) => t.name === 'Dogecoin');
    expect(added?.address).toBe(ADDRESS);

    const retire = proposed(await maker.post(`${CATALOG}/crypto-types/${added?.id}/retire`));
    expect((await forms()).cryptoTypes.map((t) => t.name)).toContain('Dogecoin');
    expect((await approve(checker, retire)).statusCode).toBe(200);
    expect((await forms()).cryptoTypes.map((t) => t.name)).not.toContain('Dogecoin');
    const [retired] = (await audit('catalog.crypto_type.retire')).filter(
      (a) => a.targetId === added?.id,
    );
    expect(retired).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('refuses a second proposal on an entry while one waits (409), even at the same moment', async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const type = await coin();
    const body = (address: string) => ({ name: type.name, address });
    const answers = await Promise.all([
      maker.put(`${CATALOG}/crypto-types/${type.id}`, body(NEW_ADDRESS)),
      checker.put(`${CATALOG}/crypto-types/${type.id}`, body(`${NEW_ADDRESS}x`)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    expect((await maker.post(`${CATALOG}/crypto-types/${type.id}/retire`)).statusCode).toBe(409);
    expect((await forms()).cryptoTypes.find((t) => t.id === type.id)?.address).toBe(ADDRESS);
  });

  it('changes nothing when rejected or withdrawn', async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const type = await coin();
    const id = proposed(
      await maker.put(`${CATALOG}/crypto-types/${type.id}`, {
        name: type.name,
        address: NEW_ADDRESS,
      }),
    );
    const rejected = await checker.post(`${APPROVALS}/${id}/reject`, { note: 'Not our wallet' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await approve(checker, id)).statusCode).toBe(409);
    const again = proposed(
      await maker.put(`${CATALOG}/crypto-types/${type.id}`, {
        name: type.name,
        address: NEW_ADDRESS,
      }),
    );
    expect((await maker.post(`${APPROVALS}/${again}/withdraw`)).statusCode).toBe(200);
    expect((await forms()).cryptoTypes.find((t) => t.id === type.id)?.address).toBe(ADDRESS);
    const listed = (await maker.get(`${CATALOG}/crypto-types`)).json().items;
    expect(listed.find((t: { id: string }) => t.id === type.id).address).toBe(ADDRESS);
    expect((await audit('catalog.crypto_type.edit')).filter((a) => a.targetId === type.id)).toEqual(
      [],
    );
  });

  it('refuses bad input with a 4xx and writes no proposal', async () => {
    const maker = await staff('maker');
    const type = await coin();
    const before = await countApprovals();
    const bad = [
      maker.post(`${CATALOG}/crypto-types`, { name: 'Bad', address: 'short' }),
      maker.put(`${CATALOG}/crypto-types/${type.id}`, {
        name: type.name,
        address: 'no spaces allowed',
      }),
      maker.put(`${CATALOG}/crypto-types/999999`, { name: 'Ghost', address: ADDRESS }),
      maker.post(`${CATALOG}/crypto-types/999999/retire`),
      maker.post(`${CATALOG}/crypto-types`, { name: type.name.toUpperCase(), address: ADDRESS }),
      maker.put(`${CATALOG}/institution`, {
        swiftCode: 'nope',
        routingNumber: null,
        country: null,
      }),
      maker.put(`${CATALOG}/institution`, { swiftCode: null, routingNumber: null, country: 'ZZ' }),
      maker.post(`${CATALOG}/account-plans`, {
        name: 'Gold',
        serviceChargeBp: 10001,
        dailyTransferLimit: '100',
        stepUpThreshold: '100',
        price: '0',
      }),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(await countApprovals()).toBe(before);
  });
});

describe('plans', () => {
  const PLAN = {
    name: 'Saver 30',
    termCount: 30,
    termUnit: 'days',
    annualRateBp: 300,
    minAmount: '10000',
    maxAmount: null,
  };

  it('refuses a stale proposal: an entry changed meanwhile is not overwritten', async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const add = proposed(await maker.post(`${CATALOG}/fixed-deposit-plans`, PLAN));
    expect((await forms()).fixedDepositPlans.map((p) => p.name)).not.toContain(PLAN.name);
    expect((await approve(checker, add)).statusCode).toBe(200);
    const plan = (await forms()).fixedDepositPlans.find((p) => p.name === PLAN.name);
    expect(plan?.annualRateBp).toBe(300);

    const raise = proposed(
      await maker.put(`${CATALOG}/fixed-deposit-plans/${plan?.id}`, { ...PLAN, annualRateBp: 900 }),
    );
    expect((await forms()).fixedDepositPlans.find((p) => p.id === plan?.id)?.annualRateBp).toBe(
      300,
    );
    // A rename is one person's (it changes no term) and applies at once…
    const renamed = await checker.put(`${CATALOG}/fixed-deposit-plans/${plan?.id}`, {
      ...PLAN,
      name: 'Saver thirty',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Saver thirty', annualRateBp: 300 });
    // …so the proposal no longer describes the plan as it is: approving it is refused.
    const stale = await approve(checker, raise);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().detail).toMatch(/changed after the proposal was made/);
    const now = (await forms()).fixedDepositPlans.find((p) => p.id === plan?.id);
    expect(now).toMatchObject({ name: 'Saver thirty', annualRateBp: 300 });
    // Still waiting: it is rejected, and nothing changes.
    expect(
      (await checker.post(`${APPROVALS}/${raise}/reject`, { note: 'Out of date' })).statusCode,
    ).toBe(200);
    expect((await forms()).fixedDepositPlans.find((p) => p.id === plan?.id)?.annualRateBp).toBe(
      300,
    );
  });

  it("an account plan's charges and price wait for a second person; its name does not", async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const basic = (await forms()).accountPlans.find((p) => p.name === 'Basic');
    expect(basic).toBeDefined();
    const current = (await maker.get(`${CATALOG}/account-plans`))
      .json()
      .items.find((p: { id: string }) => p.id === basic?.id);
    const terms = {
      name: current.name,
      serviceChargeBp: current.serviceChargeBp,
      dailyTransferLimit: current.dailyTransferLimit,
      stepUpThreshold: current.stepUpThreshold,
      price: current.price,
    };
    const id = proposed(
      await maker.put(`${CATALOG}/account-plans/${basic?.id}`, { ...terms, serviceChargeBp: 2500 }),
    );
    const pending = (await checker.get(`${CATALOG}/pending`))
      .json()
      .items.find((p: { approvalId: string }) => p.approvalId === id);
    expect(pending.details).toContainEqual({
      label: 'Service charge',
      value: `${current.serviceChargeBp / 100} % → 25 %`,
    });
    expect((await forms()).accountPlans.find((p) => p.id === basic?.id)?.serviceChargeBp).toBe(
      current.serviceChargeBp,
    );
    expect((await approve(checker, id)).statusCode).toBe(200);
    expect((await forms()).accountPlans.find((p) => p.id === basic?.id)?.serviceChargeBp).toBe(
      2500,
    );
    const edit = (await audit('catalog.account_plan.edit')).at(-1);
    expect(edit).toMatchObject({ before: { serviceChargeBp: current.serviceChargeBp } });
    expect(edit?.after).toMatchObject({ serviceChargeBp: 2500, approvalId: id });
    // A new name alone is one person's: it applies at once (200), no proposal.
    const count = await countApprovals();
    const renamed = await maker.put(`${CATALOG}/account-plans/${basic?.id}`, {
      ...terms,
      serviceChargeBp: 2500,
      name: 'Basic account',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await countApprovals()).toBe(count);
    expect((await forms()).accountPlans.find((p) => p.id === basic?.id)?.name).toBe(
      'Basic account',
    );
  });
});

describe('institution details', () => {
  it('reach customers only once approved; details as they are change nothing', async () => {
    const maker = await staff('maker');
    const checker = await staff('checker');
    const before = (await (await customer()).get(RECEIVE)).json();
    const details = { swiftCode: 'CEDRUS33', routingNumber: '021000021', country: 'US' };
    const id = proposed(await maker.put(`${CATALOG}/institution`, details));
    expect((await (await customer()).get(RECEIVE)).json()).toEqual(before);
    expect((await maker.get(`${CATALOG}/institution`)).json().swiftCode).toBe(before.swiftCode);
    expect((await approve(maker, id)).statusCode).toBe(403);
    expect((await approve(checker, id)).statusCode).toBe(200);
    expect((await (await customer()).get(RECEIVE)).json()).toMatchObject(details);
    const [change] = (await audit('catalog.institution.update')).slice(-1);
    expect(change).toMatchObject({ after: { ...details, approvalId: id } });

    const count = await countApprovals();
    const same = await maker.put(`${CATALOG}/institution`, details);
    expect(same.statusCode, same.body).toBe(200);
    expect(await countApprovals()).toBe(count);
  });
});
