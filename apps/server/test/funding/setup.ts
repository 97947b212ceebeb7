import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  ensureInternalAccounts,
  openCustomerAccount,
  postTransfer,
} from '../../src/ledger/index.js';
import { approvingCatalogChanges } from '../helpers/catalog.js';
import { createPin, signedInCustomer, type TestCustomer } from '../helpers/customers.js';
import type { TestClient } from '../helpers/http.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import type { TestSuite } from '../helpers/suite.js';

/**
 * Helpers shared by the funding-request suites: staff sessions, customers with an open
 * account, the catalog entries a request names (added through the staff API, audited as in
 * real use), the multipart forms, and counts of everything a refused request must not leave.
 */

export const CATALOG = '/api/v1/staff/catalog';
export const STAFF_FUNDING = '/api/v1/staff/funding';
const PASSWORD = 'granite harbour lighthouse keeper';

export type Customer = TestCustomer & { accountId: bigint };

export function fundingHelpers(suite: TestSuite) {
  let seq = 0;
  const sessions = new Map<string, TestClient>();

  /** A staff member with `role`, signed in once per suite (admin: every permission). */
  async function staff(role = 'admin', name = role): Promise<TestClient> {
    const known = sessions.get(name);
    if (known) return known;
    const credentials = { email: `funding.${name}@bank.example`, password: PASSWORD };
    await createStaff(suite.database, credentials, role);
    const client = await signInStaff(suite.app, credentials);
    // The catalog set up for these tests: a second administrator approves each change (signed
    // in now, while the suite's clock still agrees with their authenticator).
    const checker = name === 'admin' ? await staff('admin', 'checker') : null;
    const staffClient = checker ? approvingCatalogChanges(client, async () => checker) : client;
    sessions.set(name, staffClient);
    return staffClient;
  }

  /**
   * A staff decision that went to a second person (202, with its proposal), approved by another
   * administrator under Approvals. Returns the approval as decided.
   */
  async function approvedBySecond(
    response: { statusCode: number; body: string; json(): unknown },
    checker = 'checker',
  ) {
    expect(response.statusCode, response.body).toBe(202);
    const { proposal } = response.json() as { proposal: { id: string } | null };
    expect(proposal).not.toBeNull();
    const approved = await (
      await staff('admin', checker)
    ).post(`/api/v1/staff/approvals/${proposal?.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json() as { status: string; outcome: { label: string; value: string }[] };
  }

  /** An approved customer with an open current account (as KYC approval leaves them). */
  async function customer(names: { firstName?: string; lastName?: string } = {}) {
    const c = await signedInCustomer(suite.app, suite.database, {
      kycStatus: 'approved',
      ...names,
    });
    const account = await openCustomerAccount(suite.database.db, {
      ownerId: c.userId,
      kind: 'customer_current',
      currency: 'USD',
      name: `${names.firstName ?? 'Dorothy'} ${names.lastName ?? 'Vaughan'}`,
    });
    return { ...c, accountId: account.id } satisfies Customer;
  }

  /** A customer as `customer` leaves them, with their transaction PIN (`TEST_PIN`). */
  async function payer(names: { firstName?: string; lastName?: string } = {}) {
    const c = await customer(names);
    await createPin(c.client);
    return c;
  }

  /** Money in the customer's current account, as a confirmed deposit would leave it. */
  async function fund(c: Customer, amount: bigint) {
    const db = suite.database.db;
    const internal = await ensureInternalAccounts(db, 'USD');
    seq += 1;
    await postTransfer(db, {
      idempotencyKey: `test-funding-${c.userId}-${seq}`,
      kind: 'crypto_deposit',
      memo: 'Crypto deposit (test)',
      actor: 'system',
      fromAccountId: internal.crypto_deposit_clearing.id,
      toAccountId: c.accountId,
      amount,
      currency: 'USD',
    });
  }

  async function created(response: { statusCode: number; body: string; json(): unknown }) {
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; name: string };
  }

  async function cryptoType(name?: string) {
    seq += 1;
    const res = await (
      await staff()
    ).post(`${CATALOG}/crypto-types`, {
      name: name ?? `Coin ${seq}`,
      address: `bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx${seq}`,
      network: 'Bitcoin',
    });
    return (await created(res)) as { id: string; name: string; address: string };
  }

  async function purpose(name?: string) {
    seq += 1;
    return created(
      await (await staff()).post(`${CATALOG}/payment-purposes`, { name: name ?? `Fee ${seq}` }),
    );
  }

  async function fixedDepositPlan(terms: Record<string, unknown> = {}) {
    seq += 1;
    return created(
      await (
        await staff()
      ).post(`${CATALOG}/fixed-deposit-plans`, {
        name: `Term ${seq}`,
        termCount: 12,
        termUnit: 'months',
        annualRateBp: 525,
        minAmount: '100000',
        maxAmount: '5000000',
        ...terms,
      }),
    );
  }

  async function accountPlan(terms: Record<string, unknown> = {}) {
    seq += 1;
    return created(
      await (
        await staff()
      ).post(`${CATALOG}/account-plans`, {
        name: `Gold ${seq}`,
        serviceChargeBp: 250,
        dailyTransferLimit: '5000000',
        stepUpThreshold: '500000',
        price: '5000',
        ...terms,
      }),
    );
  }

  /** Sends a crypto form as the browser does (multipart, the session cookie, the CSRF header). */
  async function send(client: TestClient, form: string, parts: Part[]) {
    const { payload, contentType } = multipartBody(parts);
    return suite.app.inject({
      method: 'POST',
      url: `/api/v1/funding/${form}`,
      payload,
      headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: client.cookie ?? '' },
    });
  }

  /** Submits and expects the request to be taken; returns it. */
  async function submit(client: TestClient, form: string, parts: Part[]) {
    const res = await send(client, form, parts);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { request: { id: string } }).request;
  }

  /** Counts of everything a request leaves behind: rows, registered files, files on disk. */
  async function footprint() {
    const db = suite.database.db;
    const count = async (table: 'funding_requests' | 'stored_files' | 'journal_entries') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const onDisk: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else onDisk.push(full);
      }
    };
    walk(suite.app.deps.files.folder ?? '');
    return {
      requests: await count('funding_requests'),
      storedFiles: await count('stored_files'),
      entries: await count('journal_entries'),
      filesOnDisk: onDisk.length,
    };
  }

  return {
    staff,
    approvedBySecond,
    customer,
    payer,
    fund,
    cryptoType,
    purpose,
    fixedDepositPlan,
    accountPlan,
    send,
    submit,
    footprint,
  };
}

let png: Buffer | undefined;
/** A small picture of a payment (what a phone screenshot is, smaller). */
export async function picture() {
  png ??= await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  return png;
}

export async function proof(field = 'depositPic'): Promise<Part> {
  return { name: field, value: await picture(), fileName: 'proof.png', type: 'image/png' };
}

/** The form's text fields as parts, in the order given. */
export function fields(values: Record<string, string>): Part[] {
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}
