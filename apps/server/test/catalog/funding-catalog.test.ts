import { describe, expect, it } from 'vitest';
import { testClock } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { adminApprovingCatalog } from '../helpers/catalog.js';
import { TestClient } from '../helpers/http.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

const clock = testClock();
const suite = useTestApp({ clock });
const ADMIN = {
  email: 'funding.catalog@bank.example',
  password: 'granite harbour lighthouse keeper',
};
const CATALOG = '/api/v1/staff/catalog';

let adminSession: TestClient | undefined;
/**
 * The admin, signed in through both steps once per suite (a code works only once). Their changes
 * that wait for a second person are approved at once by a second admin (dual-control.test.ts
 * tests the two steps themselves).
 */
async function admin() {
  adminSession ??= await adminApprovingCatalog(suite, ADMIN);
  return adminSession;
}

function auditOf(targetType: string, targetId: string) {
  return suite.database.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'actor_id as actorId'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

/** Each 400's field paths, for checking the refusal is placed on the right field. */
function pathsOf(response: { json(): unknown }): string[] {
  const body = response.json() as { errors?: { path: string }[] };
  return (body.errors ?? []).map((e) => e.path);
}

const ADDRESS = 'TQ5NsmZqVQmhXBJAKG5wDwyX1xr9o3Ph6y';

describe('crypto types', () => {
  const BASE = `${CATALOG}/crypto-types`;

  it('adds, lists, edits, retires and restores a type, each change audited before and after', async () => {
    const staff = await admin();
    const added = await staff.post(BASE, {
      name: '  Tether  ',
      address: ` ${ADDRESS} `,
      network: 'TRC-20',
    });
    expect(added.statusCode, added.body).toBe(201);
    const tether = added.json();
    expect(tether).toMatchObject({
      name: 'Tether',
      address: ADDRESS,
      network: 'TRC-20',
      address2: null,
      active: true,
    });
    expect(tether.updatedAt).toBe(tether.createdAt);
    expect((await staff.get(BASE)).json().items).toContainEqual(tether);

    clock.advance(1000);
    const edited = await staff.put(`${BASE}/${tether.id}`, {
      name: 'Tether USD',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      network: '',
      address2: 'ltc1q-second.address_2',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: tether.id,
      name: 'Tether USD',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      network: null,
      address2: 'ltc1q-second.address_2',
      active: true,
      createdAt: tether.createdAt,
    });
    expect(Date.parse(edited.json().updatedAt) - Date.parse(tether.updatedAt)).toBe(1000);

    clock.advance(1000);
    const retired = await staff.post(`${BASE}/${tether.id}/retire`);
    expect(retired.json()).toMatchObject({ active: false });
    expect(Date.parse(retired.json().updatedAt)).toBeGreaterThan(
      Date.parse(edited.json().updatedAt),
    );
    // Retiring twice changes nothing and writes no second entry; the entry is kept.
    expect((await staff.post(`${BASE}/${tether.id}/retire`)).json().active).toBe(false);
    const listed = (await staff.get(BASE))
      .json()
      .items.find((t: { id: string }) => t.id === tether.id);
    expect(listed).toMatchObject({ name: 'Tether USD', active: false });
    expect((await staff.post(`${BASE}/${tether.id}/restore`)).json().active).toBe(true);

    const trail = await auditOf('crypto_type', tether.id);
    expect(trail.map((a) => a.action)).toEqual([
      'catalog.crypto_type.add',
      'catalog.crypto_type.edit',
      'catalog.crypto_type.retire',
      'catalog.crypto_type.restore',
    ]);
    expect(trail[0]).toMatchObject({ before: null, after: { name: 'Tether', address: ADDRESS } });
    expect(trail[1]).toMatchObject({
      before: { name: 'Tether', network: 'TRC-20', address2: null },
      after: { name: 'Tether USD', network: null, address2: 'ltc1q-second.address_2' },
    });
    expect(trail[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(trail[3]).toMatchObject({ before: { active: false }, after: { active: true } });
    expect(trail.every((a) => a.actorId !== null)).toBe(true);
  });

  it('refuses a bad name, address or network with a 400 on the field, writing nothing', async () => {
    const staff = await admin();
    const before = (await staff.get(BASE)).json().items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', address: ADDRESS }, 'body.name'],
      [{ name: 'x', address: ADDRESS }, 'body.name'],
      [{ name: 'y'.repeat(61), address: ADDRESS }, 'body.name'],
      [{ name: 'Tab\there', address: ADDRESS }, 'body.name'],
      // One character however it is encoded (a single emoji is two UTF-16 units).
      [{ name: '😀', address: ADDRESS }, 'body.name'],
      [{ name: 'Bitcoin' }, 'body.address'],
      [{ name: 'Bitcoin', address: 'bc1q short' }, 'body.address'],
      [{ name: 'Bitcoin', address: 'bc1q<script>alert(1)</script>' }, 'body.address'],
      [{ name: 'Bitcoin', address: 'short' }, 'body.address'],
      [{ name: 'Bitcoin', address: 'b'.repeat(201) }, 'body.address'],
      [{ name: 'Bitcoin', address: ADDRESS, address2: 'not an address' }, 'body.address2'],
      [{ name: 'Bitcoin', address: ADDRESS, network: 'n'.repeat(41) }, 'body.network'],
      [{ name: 'Bitcoin', address: ADDRESS, colour: 'orange' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const response = await staff.post(BASE, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(pathsOf(response), JSON.stringify(body)).toContain(path);
    }
    expect((await staff.get(BASE)).json().items.length).toBe(before);
  });

  it('keeps names unique in any case, on add and on edit, with the reason on the name', async () => {
    const staff = await admin();
    const first = (await staff.post(BASE, { name: 'Bitcoin', address: ADDRESS })).json();
    const other = (await staff.post(BASE, { name: 'Ether', address: ADDRESS })).json();
    for (const name of ['bitcoin', 'BITCOIN', 'Ｂｉｔｃｏｉｎ']) {
      const again = await staff.post(BASE, { name, address: ADDRESS });
      expect(again.statusCode, name).toBe(409);
      expect(again.json()).toMatchObject({
        detail: 'That crypto type name is already in the catalog.',
        errors: [
          { path: 'body.name', message: 'That crypto type name is already in the catalog.' },
        ],
      });
    }
    const clash = await staff.put(`${BASE}/${other.id}`, { name: 'BitCoin', address: ADDRESS });
    expect(clash.statusCode).toBe(409);
    expect(pathsOf(clash)).toEqual(['body.name']);
    // A retired entry keeps its name: a new one cannot take it.
    await staff.post(`${BASE}/${first.id}/retire`);
    expect((await staff.post(BASE, { name: 'bitcoin', address: ADDRESS })).statusCode).toBe(409);
    // An entry may change the case of its own name.
    const recased = await staff.put(`${BASE}/${first.id}`, { name: 'BITCOIN', address: ADDRESS });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ name: 'BITCOIN', active: false });
    const unchanged = (await staff.get(BASE))
      .json()
      .items.find((t: { id: string }) => t.id === other.id);
    expect(unchanged.name).toBe('Ether');
    expect((await auditOf('crypto_type', other.id)).map((a) => a.action)).toEqual([
      'catalog.crypto_type.add',
    ]);
  });

  it('takes two identical names sent at the same moment as one: the other is a 409', async () => {
    const staff = await admin();
    const answers = await Promise.all([
      staff.post(BASE, { name: 'Solana', address: ADDRESS }),
      staff.post(BASE, { name: 'SOLANA', address: ADDRESS }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 404 for an id that does not exist', async () => {
    const staff = await admin();
    expect(
      (await staff.put(`${BASE}/999999`, { name: 'Ghost', address: ADDRESS })).statusCode,
    ).toBe(404);
    expect((await staff.post(`${BASE}/999999/retire`)).statusCode).toBe(404);
    expect((await staff.post(`${BASE}/999999/restore`)).statusCode).toBe(404);
    expect((await staff.post(`${BASE}/abc/retire`)).statusCode).toBe(400);
  });
});

describe('payment purposes', () => {
  const BASE = `${CATALOG}/payment-purposes`;

  it('adds, edits, retires and restores a purpose, audited; duplicates and bad names refused', async () => {
    const staff = await admin();
    const added = await staff.post(BASE, { name: 'Account maintenance' });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as string;
    expect((await staff.post(BASE, { name: 'ACCOUNT  maintenance' })).statusCode).toBe(409);
    expect((await staff.post(BASE, { name: ' ' })).statusCode).toBe(400);
    expect((await staff.post(BASE, {})).statusCode).toBe(400);

    const edited = await staff.put(`${BASE}/${id}`, { name: 'Card fee' });
    expect(edited.json()).toMatchObject({ id, name: 'Card fee', active: true });
    expect((await staff.post(`${BASE}/${id}/retire`)).json().active).toBe(false);
    expect((await staff.post(`${BASE}/${id}/restore`)).json().active).toBe(true);
    expect((await staff.get(BASE)).json().items).toEqual([
      expect.objectContaining({ id, name: 'Card fee', active: true }),
    ]);
    expect(await auditOf('payment_purpose', id)).toMatchObject([
      { action: 'catalog.payment_purpose.add', after: { name: 'Account maintenance' } },
      {
        action: 'catalog.payment_purpose.edit',
        before: { name: 'Account maintenance' },
        after: { name: 'Card fee' },
      },
      { action: 'catalog.payment_purpose.retire', after: { active: false } },
      { action: 'catalog.payment_purpose.restore', after: { active: true } },
    ]);
  });
});

describe('fixed-deposit plans', () => {
  const BASE = `${CATALOG}/fixed-deposit-plans`;
  const PLAN = {
    name: 'Six months',
    termCount: 6,
    termUnit: 'months',
    annualRateBp: 525,
    minAmount: '150000',
    maxAmount: '10000000',
  };

  it('keeps the terms as sent (amounts in minor units, the rate in basis points), audited', async () => {
    const staff = await admin();
    const added = await staff.post(BASE, PLAN);
    expect(added.statusCode, added.body).toBe(201);
    // Amounts are in the bank's currency, said with them.
    expect(added.json()).toMatchObject({ ...PLAN, active: true, currency: 'USD' });
    const id = added.json().id as string;
    const row = await suite.database.db
      .selectFrom('fixed_deposit_plans')
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ rate_bp: 525, min_amount: 150000n, max_amount: 10000000n });

    const edited = await staff.put(`${BASE}/${id}`, {
      ...PLAN,
      name: 'Ninety days',
      termCount: 90,
      termUnit: 'days',
      annualRateBp: 10000,
      maxAmount: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      termCount: 90,
      termUnit: 'days',
      annualRateBp: 10000,
      maxAmount: null,
    });
    expect((await staff.post(`${BASE}/${id}/retire`)).json().active).toBe(false);
    expect((await staff.post(`${BASE}/${id}/restore`)).json().active).toBe(true);
    expect(await auditOf('fixed_deposit_plan', id)).toMatchObject([
      {
        action: 'catalog.fixed_deposit_plan.add',
        after: { annualRateBp: 525, minAmount: '150000' },
      },
      {
        action: 'catalog.fixed_deposit_plan.edit',
        before: { termUnit: 'months', maxAmount: '10000000' },
        after: { termUnit: 'days', maxAmount: null },
      },
      { action: 'catalog.fixed_deposit_plan.retire' },
      { action: 'catalog.fixed_deposit_plan.restore' },
    ]);
  });

  it('refuses a rate of 0 or above 100 %, a term out of range, bad amounts, max below min', async () => {
    const staff = await admin();
    const before = (await staff.get(BASE)).json().items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ annualRateBp: 0 }, 'body.annualRateBp'],
      [{ annualRateBp: 10001 }, 'body.annualRateBp'],
      [{ annualRateBp: 5.25 }, 'body.annualRateBp'],
      [{ annualRateBp: '525' }, 'body.annualRateBp'],
      [{ termCount: 0 }, 'body.termCount'],
      [{ termCount: 1.5 }, 'body.termCount'],
      [{ termCount: 121 }, 'body.termCount'],
      [{ termCount: 3661, termUnit: 'days' }, 'body.termCount'],
      [{ termUnit: 'weeks' }, 'body.termUnit'],
      [{ minAmount: '0' }, 'body.minAmount'],
      [{ minAmount: '1500.00' }, 'body.minAmount'],
      [{ minAmount: undefined }, 'body.minAmount'],
      [{ minAmount: '1500.00', maxAmount: '1' }, 'body.minAmount'],
      [{ minAmount: 150000 }, 'body.minAmount'],
      [{ minAmount: '-5' }, 'body.minAmount'],
      [{ minAmount: '1'.repeat(19) }, 'body.minAmount'],
      [{ maxAmount: '149999' }, 'body.maxAmount'],
      [{ name: 'p'.repeat(61) }, 'body.name'],
    ];
    for (const [change, path] of cases) {
      const response = await staff.post(BASE, { ...PLAN, name: 'Refused plan', ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(pathsOf(response), JSON.stringify(change)).toContain(path);
    }
    expect((await staff.get(BASE)).json().items.length).toBe(before);
    // 120 months and 3660 days are the longest terms; equal min and max is a fixed amount.
    for (const change of [
      { name: 'Ten years', termCount: 120 },
      { name: 'Long days', termCount: 3660, termUnit: 'days' },
      { name: 'Exactly', maxAmount: PLAN.minAmount },
    ]) {
      expect((await staff.post(BASE, { ...PLAN, ...change })).statusCode, change.name).toBe(201);
    }
  });

  it('refuses an edit that breaks the rules, leaving the plan as it was', async () => {
    const staff = await admin();
    const plan = (await staff.post(BASE, { ...PLAN, name: 'One year', termCount: 12 })).json();
    const refused = await staff.put(`${BASE}/${plan.id}`, {
      ...PLAN,
      name: 'One year',
      maxAmount: '1',
    });
    expect(refused.statusCode).toBe(400);
    expect(pathsOf(refused)).toEqual(['body.maxAmount']);
    expect(await auditOf('fixed_deposit_plan', plan.id)).toHaveLength(1);
    const still = (await staff.get(BASE))
      .json()
      .items.find((p: { id: string }) => p.id === plan.id);
    expect(still).toEqual(plan);
  });
});

describe('account plans', () => {
  const BASE = `${CATALOG}/account-plans`;
  const GOLD = {
    name: 'Gold',
    serviceChargeBp: 250,
    dailyTransferLimit: '5000000',
    stepUpThreshold: '500000',
    price: '20000',
  };

  async function basic(staff: TestClient) {
    const items = (await staff.get(BASE)).json().items as {
      id: string;
      isDefault: boolean;
      active: boolean;
    }[];
    const plan = items.find((p) => p.isDefault);
    if (!plan) throw new Error('No default plan');
    return plan;
  }

  it('lists the seeded Basic plan as the default, which can be edited but never retired', async () => {
    const staff = await admin();
    const plan = await basic(staff);
    expect(plan).toMatchObject({
      name: 'Basic',
      // 0.5 % since migration 0020 (decision 24).
      serviceChargeBp: 50,
      dailyTransferLimit: '1000000',
      stepUpThreshold: '100000',
      price: '0',
      isDefault: true,
      active: true,
    });
    const refused = await staff.post(`${BASE}/${plan.id}/retire`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/default plan/);
    expect((await basic(staff)).active).toBe(true);
    expect(await auditOf('account_plan', plan.id)).toEqual([]);

    const edited = await staff.put(`${BASE}/${plan.id}`, {
      name: 'Basic',
      serviceChargeBp: 900,
      dailyTransferLimit: '1000000',
      stepUpThreshold: '100000',
      price: '0',
    });
    expect(edited.json()).toMatchObject({ serviceChargeBp: 900, isDefault: true, active: true });
    expect(await auditOf('account_plan', plan.id)).toMatchObject([
      {
        action: 'catalog.account_plan.edit',
        before: { serviceChargeBp: 50 },
        after: { serviceChargeBp: 900 },
      },
    ]);
  });

  it('adds, edits, retires and restores another plan, audited', async () => {
    const staff = await admin();
    const added = await staff.post(BASE, GOLD);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      ...GOLD,
      currency: 'USD',
      isDefault: false,
      active: true,
    });
    const id = added.json().id as string;
    expect(
      await suite.database.db
        .selectFrom('account_plans')
        .select(['daily_transfer_limit', 'step_up_threshold', 'price'])
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow(),
    ).toEqual({ daily_transfer_limit: 5000000n, step_up_threshold: 500000n, price: 20000n });
    const edited = await staff.put(`${BASE}/${id}`, { ...GOLD, serviceChargeBp: 0, price: '0' });
    expect(edited.json()).toMatchObject({ serviceChargeBp: 0, price: '0' });
    expect((await staff.post(`${BASE}/${id}/retire`)).json().active).toBe(false);
    expect((await staff.post(`${BASE}/${id}/restore`)).json().active).toBe(true);
    expect((await auditOf('account_plan', id)).map((a) => a.action)).toEqual([
      'catalog.account_plan.add',
      'catalog.account_plan.edit',
      'catalog.account_plan.retire',
      'catalog.account_plan.restore',
    ]);
    expect((await staff.post(BASE, { ...GOLD, name: 'gOLD' })).statusCode).toBe(409);
    expect((await staff.post(BASE, { ...GOLD, name: 'basic' })).statusCode).toBe(409);
  });

  it('refuses a charge out of 0 to 100 %, non-integer basis points and bad amounts', async () => {
    const staff = await admin();
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceChargeBp: -1 }, 'body.serviceChargeBp'],
      [{ serviceChargeBp: 10001 }, 'body.serviceChargeBp'],
      [{ serviceChargeBp: 2.5 }, 'body.serviceChargeBp'],
      [{ dailyTransferLimit: '0' }, 'body.dailyTransferLimit'],
      [{ dailyTransferLimit: '50,000.00' }, 'body.dailyTransferLimit'],
      [{ stepUpThreshold: '' }, 'body.stepUpThreshold'],
      [{ price: '-1' }, 'body.price'],
      [{ price: '1'.repeat(19) }, 'body.price'],
      [{ isDefault: true }, 'body'],
    ];
    for (const [change, path] of cases) {
      const response = await staff.post(BASE, { ...GOLD, name: 'Refused', ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(pathsOf(response), JSON.stringify(change)).toContain(path);
    }
    const names = (await staff.get(BASE)).json().items.map((p: { name: string }) => p.name);
    expect(names).not.toContain('Refused');
    // 0 % and 100 % are the bounds.
    expect((await staff.post(BASE, { ...GOLD, name: 'Free', serviceChargeBp: 0 })).statusCode).toBe(
      201,
    );
    expect(
      (await staff.post(BASE, { ...GOLD, name: 'All', serviceChargeBp: 10000 })).statusCode,
    ).toBe(201);
  });
});

describe('institution details', () => {
  const PATH = `${CATALOG}/institution`;

  it('starts unset, takes valid details (audited) and takes them away again', async () => {
    const staff = await admin();
    expect((await staff.get(PATH)).json()).toMatchObject({
      swiftCode: null,
      routingNumber: null,
      country: null,
    });
    const set = await staff.put(PATH, {
      swiftCode: ' cedrus33xxx ',
      routingNumber: '021000021',
      country: 'US',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      swiftCode: 'CEDRUS33XXX',
      routingNumber: '021000021',
      country: 'US',
    });
    expect((await staff.get(PATH)).json()).toEqual(set.json());

    const cleared = await staff.put(PATH, {
      swiftCode: 'CEDRUS33',
      routingNumber: null,
      country: null,
    });
    expect(cleared.json()).toMatchObject({
      swiftCode: 'CEDRUS33',
      routingNumber: null,
      country: null,
    });
    expect(await auditOf('institution', 'bank')).toMatchObject([
      {
        action: 'catalog.institution.update',
        before: { swiftCode: null, routingNumber: null, country: null },
        after: { swiftCode: 'CEDRUS33XXX', routingNumber: '021000021', country: 'US' },
      },
      {
        action: 'catalog.institution.update',
        before: { swiftCode: 'CEDRUS33XXX' },
        after: { swiftCode: 'CEDRUS33', routingNumber: null, country: null },
      },
    ]);
  });

  it('refuses a bad SWIFT code, routing number or country on its field, changing nothing', async () => {
    const staff = await admin();
    const before = (await staff.get(PATH)).json();
    const good = { swiftCode: 'CEDRUS33', routingNumber: '021000021', country: 'GB' };
    const cases: [Record<string, unknown>, string][] = [
      [{ swiftCode: 'CEDRUS3' }, 'body.swiftCode'],
      [{ swiftCode: 'CEDRUS33XX' }, 'body.swiftCode'],
      [{ swiftCode: '12DRUS33' }, 'body.swiftCode'],
      [{ routingNumber: '02100002' }, 'body.routingNumber'],
      [{ routingNumber: '02100002a' }, 'body.routingNumber'],
      [{ country: 'gb' }, 'body.country'],
      [{ country: 'ZZ' }, 'body.country'],
      [{ country: undefined }, 'body.country'],
    ];
    for (const [change, path] of cases) {
      const response = await staff.put(PATH, { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(pathsOf(response), JSON.stringify(change)).toContain(path);
    }
    expect((await staff.get(PATH)).json()).toEqual(before);
  });
});

describe('who may keep the catalog', () => {
  const PATHS = ['crypto-types', 'payment-purposes', 'fixed-deposit-plans', 'account-plans'];

  it('is closed to staff without catalog.manage (403, logged) and to customers (401)', async () => {
    const reviewer = {
      email: 'funding.reviewer@bank.example',
      password: 'sturdy orchard violet compass',
    };
    // A funding reviewer decides requests but does not keep the catalog.
    const reviewerId = await createStaff(suite.database, reviewer, 'operations');
    const staff = await signInStaff(suite.app, reviewer);
    const customer = (await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' }))
      .client;
    const anonymous = new TestClient(suite.app);
    for (const [client, status] of [
      [staff, 403],
      [customer, 401],
      [anonymous, 401],
    ] as const) {
      for (const path of PATHS) {
        expect((await client.get(`${CATALOG}/${path}`)).statusCode, path).toBe(status);
        expect((await client.post(`${CATALOG}/${path}`, { name: 'Sneaky' })).statusCode).toBe(
          status,
        );
        expect((await client.put(`${CATALOG}/${path}/1`, { name: 'Sneaky' })).statusCode).toBe(
          status,
        );
        expect((await client.post(`${CATALOG}/${path}/1/retire`)).statusCode).toBe(status);
        expect((await client.post(`${CATALOG}/${path}/1/restore`)).statusCode).toBe(status);
      }
      expect((await client.get(`${CATALOG}/institution`)).statusCode).toBe(status);
      expect((await client.get(`${CATALOG}/pending`)).statusCode).toBe(status);
      expect(
        (
          await client.put(`${CATALOG}/institution`, {
            swiftCode: null,
            routingNumber: null,
            country: null,
          })
        ).statusCode,
      ).toBe(status);
    }
    const denied = await suite.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'security.permission_denied')
      .where('actor_id', '=', reviewerId)
      .execute();
    expect(denied.map((d) => d.target_id)).toContain('POST /api/v1/staff/catalog/crypto-types');
    // Nothing was written by any of them.
    const admin_ = await admin();
    for (const path of PATHS) {
      const names = (await admin_.get(`${CATALOG}/${path}`))
        .json()
        .items.map((i: { name: string }) => i.name);
      expect(names).not.toContain('Sneaky');
    }
  });
});
