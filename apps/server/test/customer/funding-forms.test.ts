import { describe, expect, it } from 'vitest';
import { openCustomerAccount } from '../../src/ledger/index.js';
import {
  currentPlanOf,
  fixedDepositPlanById,
  offeredAccountPlan,
  offeredCryptoType,
  offeredFixedDepositPlan,
  offeredPaymentPurpose,
} from '../../src/modules/catalog/index.js';
import { signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { adminApprovingCatalog } from '../helpers/catalog.js';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();
const ADMIN = { email: 'forms.admin@bank.example', password: 'granite harbour lighthouse keeper' };
const CATALOG = '/api/v1/staff/catalog';
const FORMS = '/api/v1/funding/forms';
const RECEIVE = '/api/v1/funding/receive-details';

let adminSession: TestClient | undefined;
async function staff() {
  if (!adminSession) {
    adminSession = await adminApprovingCatalog(suite, ADMIN);
  }
  return adminSession;
}

/** Adds an entry through the staff API, as staff would, and answers it. */
async function add(path: string, body: Record<string, unknown>) {
  const response = await (await staff()).post(`${CATALOG}/${path}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}

async function retire(path: string, id: string) {
  expect((await (await staff()).post(`${CATALOG}/${path}/${id}/retire`)).statusCode).toBe(200);
}

async function customer() {
  return signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
}

/**
 * The catalog with one offered and one retired entry of each kind. The first test adds it; the
 * others read it.
 */
let catalog:
  | {
      coin: { id: string };
      oldCoin: { id: string };
      purpose: { id: string };
      oldPurpose: { id: string };
      plan: { id: string };
      oldPlan: { id: string };
      gold: { id: string };
      oldTier: { id: string };
    }
  | undefined;
async function stocked() {
  if (catalog) return catalog;
  const coin = await add('crypto-types', {
    name: 'Tether',
    address: 'TQ5NsmZqVQmhXBJAKG5wDwyX1xr9o3Ph6y',
    network: 'TRC-20',
    address2: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  });
  const oldCoin = await add('crypto-types', {
    name: 'Dogecoin',
    address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
  });
  await retire('crypto-types', oldCoin.id);
  const purpose = await add('payment-purposes', { name: 'Card fee' });
  const oldPurpose = await add('payment-purposes', { name: 'Cheque book' });
  await retire('payment-purposes', oldPurpose.id);
  const plan = await add('fixed-deposit-plans', {
    name: 'Six months',
    termCount: 6,
    termUnit: 'months',
    annualRateBp: 525,
    minAmount: '150000',
    maxAmount: null,
  });
  const oldPlan = await add('fixed-deposit-plans', {
    name: 'Thirty days',
    termCount: 30,
    termUnit: 'days',
    annualRateBp: 300,
    minAmount: '10000',
    maxAmount: '500000',
  });
  await retire('fixed-deposit-plans', oldPlan.id);
  const gold = await add('account-plans', {
    name: 'Gold',
    serviceChargeBp: 250,
    dailyTransferLimit: '5000000',
    stepUpThreshold: '500000',
    price: '20000',
  });
  const oldTier = await add('account-plans', {
    name: 'Silver',
    serviceChargeBp: 500,
    dailyTransferLimit: '2000000',
    stepUpThreshold: '200000',
    price: '10000',
  });
  await retire('account-plans', oldTier.id);
  catalog = { coin, oldCoin, purpose, oldPurpose, plan, oldPlan, gold, oldTier };
  return catalog;
}

async function defaultPlanId() {
  const row = await suite.database.db
    .selectFrom('account_plans')
    .select('id')
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

describe('what the funding forms offer', () => {
  it('offers only what staff have not retired, in the bank currency, on the default plan', async () => {
    const { coin, plan, gold, purpose } = await stocked();
    const c = await customer();
    const forms = await c.client.get(FORMS);
    expect(forms.statusCode, forms.body).toBe(200);
    const basicId = await defaultPlanId();
    expect(forms.json()).toEqual({
      currency: 'USD',
      cryptoTypes: [
        {
          id: coin.id,
          name: 'Tether',
          address: 'TQ5NsmZqVQmhXBJAKG5wDwyX1xr9o3Ph6y',
          network: 'TRC-20',
          address2: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          // No rate set: the form shows no coin amount (decision 27).
          rate: null,
        },
      ],
      purposes: [{ id: purpose.id, name: 'Card fee' }],
      fixedDepositPlans: [
        {
          id: plan.id,
          name: 'Six months',
          termCount: 6,
          termUnit: 'months',
          annualRateBp: 525,
          minAmount: '150000',
          maxAmount: null,
        },
      ],
      accountPlans: [
        {
          id: basicId,
          name: 'Basic',
          serviceChargeBp: 50,
          dailyTransferLimit: '1000000',
          stepUpThreshold: '100000',
          price: '0',
          isDefault: true,
        },
        {
          id: gold.id,
          name: 'Gold',
          serviceChargeBp: 250,
          dailyTransferLimit: '5000000',
          stepUpThreshold: '500000',
          price: '20000',
          isDefault: false,
        },
      ],
      currentPlanId: basicId,
    });
  });

  it('follows staff: a restored entry is offered again, an edit shows at once', async () => {
    const { oldCoin, coin } = await stocked();
    const c = await customer();
    const s = await staff();
    await s.post(`${CATALOG}/crypto-types/${oldCoin.id}/restore`);
    await s.put(`${CATALOG}/crypto-types/${coin.id}`, {
      name: 'Tether',
      address: 'TNewAddressForTether0000000001',
      network: null,
    });
    const types = (await c.client.get(FORMS)).json().cryptoTypes as {
      id: string;
      address: string;
    }[];
    expect(types.map((t) => t.id).sort()).toEqual([coin.id, oldCoin.id].sort());
    expect(types.find((t) => t.id === coin.id)).toMatchObject({
      address: 'TNewAddressForTether0000000001',
      network: null,
      address2: null,
    });
    await retire('crypto-types', oldCoin.id);
    const after = (await c.client.get(FORMS)).json().cryptoTypes as { id: string }[];
    expect(after.map((t) => t.id)).toEqual([coin.id]);
  });

  it("names the customer's own plan once they have one, even one since retired", async () => {
    const { gold, oldTier } = await stocked();
    const c = await customer();
    await suite.database.db
      .updateTable('users')
      .set({ plan_id: BigInt(gold.id) })
      .where('id', '=', c.userId)
      .execute();
    expect((await c.client.get(FORMS)).json().currentPlanId).toBe(gold.id);
    await suite.database.db
      .updateTable('users')
      .set({ plan_id: BigInt(oldTier.id) })
      .where('id', '=', c.userId)
      .execute();
    const forms = (await c.client.get(FORMS)).json();
    expect(forms.currentPlanId).toBe(oldTier.id);
    // The retired plan is still not offered to anyone, its holder included.
    expect(forms.accountPlans.map((p: { id: string }) => p.id)).not.toContain(oldTier.id);
  });

  it('is for signed-in customers only', async () => {
    expect((await new TestClient(suite.app).get(FORMS)).statusCode).toBe(401);
    expect((await (await staff()).get(FORMS)).statusCode).toBe(401);
    expect((await new TestClient(suite.app).get(RECEIVE)).statusCode).toBe(401);
    expect((await (await staff()).get(RECEIVE)).statusCode).toBe(401);
  });
});

describe('how others pay a customer (receive details)', () => {
  it('shows the username and nulls while there is no account and no institution details', async () => {
    const c = await customer();
    const username = (
      await suite.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', c.userId)
        .executeTakeFirstOrThrow()
    ).username;
    const details = await c.client.get(RECEIVE);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual({
      username,
      accountNumber: null,
      swiftCode: null,
      routingNumber: null,
      country: null,
    });
  });

  it("shows the customer's own current account and the bank's details once staff set them", async () => {
    const c = await customer();
    const other = await customer();
    const account = await openCustomerAccount(suite.database.db, {
      ownerId: c.userId,
      kind: 'customer_current',
      currency: 'USD',
      name: 'Dorothy Vaughan',
    });
    await openCustomerAccount(suite.database.db, {
      ownerId: other.userId,
      kind: 'customer_current',
      currency: 'USD',
      name: 'Katherine Johnson',
    });
    const set = await (
      await staff()
    ).put(`${CATALOG}/institution`, {
      swiftCode: 'CEDRUS33',
      routingNumber: '021000021',
      country: 'US',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await c.client.get(RECEIVE)).json()).toMatchObject({
      accountNumber: account.accountNumber,
      swiftCode: 'CEDRUS33',
      routingNumber: '021000021',
      country: 'US',
    });
    // Staff take the routing number away: the customer sees it unset.
    await (
      await staff()
    ).put(`${CATALOG}/institution`, { swiftCode: 'CEDRUS33', routingNumber: null, country: 'US' });
    expect((await c.client.get(RECEIVE)).json().routingNumber).toBeNull();
  });
});

describe('the catalog as other modules read it', () => {
  it('answers offered entries with their terms, and nothing for retired or unknown ones', async () => {
    const { coin, oldCoin, purpose, oldPurpose, plan, oldPlan, gold, oldTier } = await stocked();
    const db = suite.database.db;
    expect(await offeredCryptoType(db, BigInt(coin.id))).toMatchObject({
      id: BigInt(coin.id),
      name: 'Tether',
    });
    expect(await offeredCryptoType(db, BigInt(oldCoin.id))).toBeUndefined();
    expect(await offeredCryptoType(db, 987654n)).toBeUndefined();

    expect(await offeredPaymentPurpose(db, BigInt(purpose.id))).toEqual({
      id: BigInt(purpose.id),
      name: 'Card fee',
    });
    expect(await offeredPaymentPurpose(db, BigInt(oldPurpose.id))).toBeUndefined();

    expect(await offeredFixedDepositPlan(db, BigInt(plan.id))).toEqual({
      id: BigInt(plan.id),
      name: 'Six months',
      termCount: 6,
      termUnit: 'months',
      rateBp: 525,
      minAmount: 150000n,
      maxAmount: null,
      active: true,
    });
    expect(await offeredFixedDepositPlan(db, BigInt(oldPlan.id))).toBeUndefined();
    // A request already made keeps its plan, retired or not.
    expect(await fixedDepositPlanById(db, BigInt(oldPlan.id))).toMatchObject({
      name: 'Thirty days',
      maxAmount: 500000n,
      active: false,
    });
    expect(await fixedDepositPlanById(db, 987654n)).toBeUndefined();

    expect(await offeredAccountPlan(db, BigInt(gold.id))).toEqual({
      id: BigInt(gold.id),
      name: 'Gold',
      serviceChargeBp: 250,
      dailyTransferLimit: 5000000n,
      stepUpThreshold: 500000n,
      price: 20000n,
      isDefault: false,
    });
    expect(await offeredAccountPlan(db, BigInt(oldTier.id))).toBeUndefined();
  });

  it("gives a customer's plan: the default until they have one of their own", async () => {
    const { gold } = await stocked();
    const c = await customer();
    expect(await currentPlanOf(suite.database.db, c.userId)).toMatchObject({
      id: BigInt(await defaultPlanId()),
      name: 'Basic',
      serviceChargeBp: 50,
      dailyTransferLimit: 1000000n,
      stepUpThreshold: 100000n,
      price: 0n,
    });
    await suite.database.db
      .updateTable('users')
      .set({ plan_id: BigInt(gold.id) })
      .where('id', '=', c.userId)
      .execute();
    expect(await currentPlanOf(suite.database.db, c.userId)).toMatchObject({
      id: BigInt(gold.id),
      serviceChargeBp: 250,
      price: 20000n,
    });
  });
});
