import { expect } from 'vitest';
import { findAccount } from '../../src/ledger/index.js';
import { fund } from '../helpers/ledger.js';
import { TEST_PIN } from '../helpers/customers.js';
import { mailTo } from '../helpers/mail.js';
import type { TestClient } from '../helpers/http.js';
import type { TestSuite } from '../helpers/suite.js';
import { fundingHelpers, type Customer } from '../funding/setup.js';

/**
 * Helpers shared by the transfer suites: a customer with money and a PIN, the send form's
 * fields, each step of the flow as the browser takes it, and the code from the mailbox.
 */

export const TRANSFERS = '/api/v1/transfers';
export const PAYEE_CHECKS = '/api/v1/transfers/payee-checks';
export const STAFF_TRANSFERS = '/api/v1/staff/transfers';
export const PIN = TEST_PIN;
/** The bank's own SWIFT (set by `ownSwift`): a transfer to it is to a Cedar account. */
export const OWN_SWIFT = 'CEDRUS33XXX';

export type Sender = Customer & { accountNumber: string };

let keys = 0;
export const newKey = () => `key-${Date.now().toString(36)}-${(keys += 1)}-${process.pid}`;

export function details(overrides: Record<string, unknown> = {}) {
  return {
    bank: 'Deutsche Bank',
    swift: 'DEUTDEFF',
    currency: 'USD',
    routing: '021000021',
    country: 'DE',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    accountHolderName: 'Grace Hopper',
    amount: '100.00',
    note: 'Rent for December',
    saveBeneficiary: false,
    ...overrides,
  };
}

export function transferHelpers(suite: TestSuite) {
  const funding = fundingHelpers(suite);

  /** An approved customer with `balance` (minor units) in their account and a PIN. */
  async function sender(
    balance = 1_000_000n,
    names: { firstName?: string; lastName?: string } = {},
  ): Promise<Sender> {
    const c = await funding.customer(names);
    const account = await findAccount(suite.database.db, { id: c.accountId });
    if (!account) throw new Error('no account');
    if (balance > 0n) await fund(suite.database.db, account, balance);
    const pin = await c.client.post('/api/v1/pin', { pin: PIN, confirmPin: PIN });
    expect(pin.statusCode, pin.body).toBe(201);
    return { ...c, accountNumber: account.accountNumber };
  }

  async function ownSwift() {
    const res = await (
      await funding.staff()
    ).put('/api/v1/staff/catalog/institution', {
      swiftCode: OWN_SWIFT,
      routingNumber: '123456789',
      country: 'US',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function create(client: TestClient, body: object = details(), key = newKey()) {
    return client.post(TRANSFERS, body, { 'idempotency-key': key });
  }

  /** The payee check of an account of this bank (confirmation of payee). */
  function check(client: TestClient, accountNumber: string, name: string) {
    return client.post(PAYEE_CHECKS, { accountNumber, name });
  }

  /**
   * The send form's fields for a customer of this bank, from a payee check as the web fills
   * them: the bank's own details, the masked name and the check's token.
   */
  async function cedarDetails(
    client: TestClient,
    to: { accountNumber: string },
    name: string,
    overrides: Record<string, unknown> = {},
  ) {
    const res = await check(client, to.accountNumber, name);
    expect(res.statusCode, res.body).toBe(200);
    const payee = res.json() as { name: string; token: string };
    const fields = details({
      bank: 'Cedar Bank',
      swift: OWN_SWIFT,
      routing: '123456789',
      country: 'US',
      accountNumber: to.accountNumber,
      accountHolderName: payee.name,
      ...overrides,
    });
    return { ...fields, payeeToken: payee.token };
  }

  /** A transfer created and confirmed: its id. */
  async function confirmed(client: TestClient, body = details()) {
    const res = await create(client, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    const confirm = await client.post(`${TRANSFERS}/${id}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    return id;
  }

  /** The latest transfer code in the customer's mailbox. */
  async function codeFor(email: string) {
    const mails = await mailTo(suite.app, email);
    const mail = mails.find((m) => m.subject.includes('transfer authorization code'));
    const code = /authorize the transfer of .*? is (\d{4})\b/s.exec(mail?.text ?? '')?.[1];
    expect(code, mail?.text).toBeDefined();
    return code as string;
  }

  /** Every step, the code when asked for: the final answer of submit. */
  async function send(c: Sender, body = details()) {
    const id = await confirmed(c.client, body);
    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.statusCode, pin.body).toBe(200);
    if ((pin.json() as { next: string }).next === 'code') {
      const code = await c.client.post(`${TRANSFERS}/${id}/code`, {
        code: await codeFor(c.email),
      });
      expect(code.statusCode, code.body).toBe(200);
    }
    const submit = await c.client.post(`${TRANSFERS}/${id}/submit`);
    return { id, submit };
  }

  async function balanceOf(c: Customer) {
    const row = await suite.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', c.accountId)
      .executeTakeFirstOrThrow();
    return row.balance;
  }

  return {
    ...funding,
    sender,
    ownSwift,
    create,
    check,
    cedarDetails,
    confirmed,
    codeFor,
    send,
    balanceOf,
  };
}
