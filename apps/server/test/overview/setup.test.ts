import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

/**
 * "Set up the bank" on the overview: what a fresh install lacks before customers can use
 * everything, each step done, waiting for a second person's approval, or missing, shown only to
 * those who manage the catalog, and read from what customers are offered (never from a flag).
 */
const suite = useTestApp();
const OVERVIEW = '/api/v1/staff/overview';
const CATALOG = '/api/v1/staff/catalog';
const PASSWORD = 'juniper quarry lantern obelisk';

type Step = {
  step: string;
  label: string;
  neededFor: string;
  state: 'done' | 'waiting' | 'missing';
  detail: string;
  approvalId: string | null;
};

const staff = new Map<string, TestClient>();
const as = (name: string) => {
  const client = staff.get(name);
  if (!client) throw new Error(`no ${name}`);
  return client;
};

async function setupOf(name: string): Promise<Step[]> {
  const response = await as(name).get(OVERVIEW);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { setup: Step[] }).setup;
}
const states = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.step, s.state]));
const stepOf = (steps: Step[], id: string) => steps.find((s) => s.step === id);

/** A change that waits for a second person (202); its proposal's id. */
async function proposed(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(202);
  return (response.json() as { approvalId: string }).approvalId;
}
async function approve(approvalId: string) {
  const approved = await as('checker').post(`/api/v1/staff/approvals/${approvalId}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
}

beforeAll(async () => {
  for (const [name, role] of [
    ['maker', 'catalog_manager'],
    ['checker', 'catalog_manager'],
    ['operations', 'operations'],
    ['finance', 'finance'],
  ] as const) {
    const credentials = { email: `setup.${name}@bank.example`, password: PASSWORD };
    await createStaff(suite.database, credentials, role);
    staff.set(name, await signInStaff(suite.app, credentials));
  }
});

describe(`setting up the bank (${engineName})`, () => {
  it('a fresh install: every step missing, each saying what it is for', async () => {
    const steps = await setupOf('maker');
    expect(steps.map((s) => [s.step, s.state])).toEqual([
      ['institution', 'missing'],
      ['crypto-type', 'missing'],
      ['crypto-rate', 'missing'],
      ['payment-purposes', 'missing'],
      ['account-plans', 'missing'],
      ['fixed-deposit-plans', 'missing'],
    ]);
    expect(stepOf(steps, 'institution')).toMatchObject({
      label: 'Institution details',
      detail: 'Missing: the SWIFT code, routing number, country and postal address.',
      approvalId: null,
    });
    expect(stepOf(steps, 'institution')?.neededFor).toContain('To a Cedar Bank customer');
    expect(stepOf(steps, 'crypto-rate')?.detail).toBe('Add a crypto type first.');
    // The seeded default plan is nothing to upgrade to.
    expect(stepOf(steps, 'account-plans')?.detail).toMatch(/Only the default plan/);
    for (const s of steps) expect(s.neededFor.length).toBeGreaterThan(10);
  });

  it('is shown only to those who manage the catalog; a customer is refused the overview', async () => {
    expect(await setupOf('operations')).toEqual([]);
    expect(await setupOf('finance')).toEqual([]);
    const customer = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    expect((await customer.client.get(OVERVIEW)).statusCode).toBe(401);
  });

  it('a change waiting for a second person shows as waiting, with its proposal', async () => {
    const coin = await proposed(
      await as('maker').post(`${CATALOG}/crypto-types`, {
        name: 'Bitcoin',
        address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        network: 'Bitcoin',
      }),
    );
    // Details that leave one out would not complete the step: still missing, and said why.
    const partial = await proposed(
      await as('maker').put(`${CATALOG}/institution`, {
        swiftCode: 'CEDRUS33',
        routingNumber: '021000021',
        country: 'US',
      }),
    );
    let steps = await setupOf('checker');
    expect(stepOf(steps, 'crypto-type')).toMatchObject({ state: 'waiting', approvalId: coin });
    expect(stepOf(steps, 'crypto-rate')).toMatchObject({
      state: 'missing',
      detail: 'Set it once the crypto type waiting for approval is offered.',
    });
    expect(stepOf(steps, 'institution')).toMatchObject({
      state: 'missing',
      approvalId: null,
      detail:
        'Missing: the SWIFT code, routing number, country and postal address. A change waits for approval, but it leaves out the postal address.',
    });
    const rejected = await as('checker').post(`/api/v1/staff/approvals/${partial}/reject`, {
      note: 'The postal address is needed too',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const whole = await proposed(
      await as('maker').put(`${CATALOG}/institution`, {
        swiftCode: 'CEDRUS33',
        routingNumber: '021000021',
        country: 'US',
        postalAddress: '1 Cedar Square, Springfield, IL 62701',
      }),
    );
    steps = await setupOf('maker');
    expect(stepOf(steps, 'institution')).toMatchObject({ state: 'waiting', approvalId: whole });

    await approve(coin);
    await approve(whole);
    steps = await setupOf('maker');
    expect(states(steps)).toMatchObject({
      institution: 'done',
      'crypto-type': 'done',
      'crypto-rate': 'missing',
    });
    expect(stepOf(steps, 'crypto-type')?.detail).toBe('Offered: Bitcoin');
    expect(stepOf(steps, 'crypto-rate')?.detail).toBe('No rate yet for Bitcoin.');
  });

  it('is done step by step, until every step is done', async () => {
    const types = (await as('maker').get(`${CATALOG}/crypto-types`)).json().items as {
      id: string;
    }[];
    const rate = await as('maker').put(`${CATALOG}/crypto-types/${types[0]?.id}/rate`, {
      perCoin: '65000',
      symbol: 'BTC',
      decimals: 8,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const purpose = await as('maker').post(`${CATALOG}/payment-purposes`, { name: 'Card fee' });
    expect(purpose.statusCode, purpose.body).toBe(201);
    const plan = await proposed(
      await as('maker').post(`${CATALOG}/account-plans`, {
        name: 'Gold',
        serviceChargeBp: 250,
        dailyTransferLimit: '5000000',
        stepUpThreshold: '500000',
        price: '5000',
      }),
    );
    const term = await proposed(
      await as('maker').post(`${CATALOG}/fixed-deposit-plans`, {
        name: 'One year',
        termCount: 12,
        termUnit: 'months',
        annualRateBp: 525,
        minAmount: '100000',
        maxAmount: null,
      }),
    );
    let steps = await setupOf('maker');
    expect(states(steps)).toEqual({
      institution: 'done',
      'crypto-type': 'done',
      'crypto-rate': 'done',
      'payment-purposes': 'done',
      'account-plans': 'waiting',
      'fixed-deposit-plans': 'waiting',
    });
    expect(stepOf(steps, 'account-plans')?.approvalId).toBe(plan);
    expect(stepOf(steps, 'fixed-deposit-plans')?.approvalId).toBe(term);

    await approve(plan);
    await approve(term);
    steps = await setupOf('maker');
    expect(steps.every((s) => s.state === 'done' && s.approvalId === null)).toBe(true);

    // Taken away again (the only purpose retired): that step is missing again.
    const retired = await as('maker').post(
      `${CATALOG}/payment-purposes/${(purpose.json() as { id: string }).id}/retire`,
    );
    expect(retired.statusCode, retired.body).toBe(200);
    expect(stepOf(await setupOf('maker'), 'payment-purposes')?.state).toBe('missing');
  });
});
