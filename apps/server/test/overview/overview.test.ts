import { sql } from 'kysely';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineApprovalKind, propose } from '../../src/modules/approvals/index.js';
import { runLedgerCheck } from '../../src/modules/trial-balance/service.js';
import { permissionsOf } from '../../src/platform/permissions.js';
import { testClock } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';
import { fields, proof } from '../funding/setup.js';
import { transferHelpers } from '../transfers/setup.js';

/**
 * The back office's landing page: for each queue the viewer may work, how many items wait and
 * how long the oldest has (by the server's clock, which the test moves), approvals waiting for
 * the viewer, and the ledger's health.
 */
const clock = testClock();
const suite = useTestApp({ clock });
const helpers = transferHelpers(suite);
const OVERVIEW = '/api/v1/staff/overview';
const PASSWORD = 'orchard pylon saffron meridian';
const HOUR = 3_600_000;

type Overview = {
  asOf: string;
  queues: {
    queue: string;
    label: string;
    count: number;
    oldestAt: string | null;
    oldestAgeSeconds: number | null;
  }[];
  ledger: {
    lastCheck: { at: string; ok: boolean; violations: number; trigger: string } | null;
    stale: boolean;
    totals: { currency: string; balance: string; zero: boolean }[];
  };
};

const staff = new Map<string, TestClient>();
let kycIds: string[] = [];

async function as(role: string): Promise<Overview> {
  const client = staff.get(role);
  if (!client) throw new Error(`no ${role}`);
  const response = await client.get(OVERVIEW);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Overview;
}
const summary = (o: Overview) => o.queues.map((q) => [q.queue, q.count, q.oldestAgeSeconds]);

/** An identity check waiting since `at` (the review reads only its row and the person's). */
async function pendingSubmission(at: Date) {
  const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'pending' });
  const { rows } = await sql<{ id: bigint }>`
    insert into kyc_submissions (user_id, country, phone, home_address, document_type, created_at)
    values (${c.userId}, 'GB', '+447700900123', '1 Test Street, London', 'Driver''s License', ${at})
    returning id`.execute(suite.database.db);
  return String(rows[0]?.id);
}

beforeAll(async () => {
  for (const role of ['admin', 'kyc_reviewer', 'operations', 'finance']) {
    const credentials = { email: `overview.${role}@bank.example`, password: PASSWORD };
    await createStaff(suite.database, credentials, role);
    staff.set(role, await signInStaff(suite.app, credentials));
  }
  // A kind of proposal that finance may approve (the approvals core's own, for this test).
  suite.app.deps.approvals.register(
    defineApprovalKind({
      kind: 'test.overview',
      label: 'Overview test',
      approve: 'ledger.adjust.approve',
      payload: z.object({}),
      details: () => [],
      execute: async () => [],
    }),
  );
});

describe(`the overview (${engineName})`, () => {
  it('counts what waits in each queue the viewer may work, with the age of the oldest', async () => {
    const now = clock.now().getTime();
    kycIds = [
      await pendingSubmission(new Date(now - 3 * HOUR)),
      await pendingSubmission(new Date(now - 1 * HOUR)),
    ];

    const coin = await helpers.cryptoType('Bitcoin');
    const c = await helpers.customer();
    const request = await helpers.submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '150.00' }),
      await proof(),
    ]);
    await sql`update funding_requests set created_at = ${new Date(now - 26 * HOUR)}
      where id = ${BigInt(request.id)}`.execute(suite.database.db);

    const sender = await helpers.sender();
    const sent = await helpers.send(sender);
    expect(sent.submit.statusCode, sent.submit.body).toBe(200);
    await suite.database.db
      .updateTable('transfers')
      .set({ submitted_at: new Date(now - 45 * 60_000) })
      .where('id', '=', BigInt(sent.id))
      .execute();

    // Operations proposes; finance (another person) may approve it.
    const opsId = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'overview.operations@bank.example')
      .executeTakeFirstOrThrow();
    const proposer = {
      userId: opsId.id,
      ip: '127.0.0.1',
      userAgent: 'test',
      permissions: await permissionsOf(suite.database.db, opsId.id),
    };
    clock.advance(-2 * HOUR);
    await suite.database.db
      .transaction()
      .execute((trx) =>
        propose(
          suite.app.deps,
          trx,
          { kind: 'test.overview', payload: {}, summary: 'Test', reason: 'For the overview' },
          proposer,
        ),
      );
    clock.advance(2 * HOUR);

    expect(summary(await as('admin'))).toEqual([
      ['kyc', 2, 3 * 3600],
      ['funding', 1, 26 * 3600],
      ['transfers', 1, 45 * 60],
      ['approvals', 1, 2 * 3600],
    ]);
    const admin = await as('admin');
    expect(admin.asOf).toBe(clock.now().toISOString());
    expect(admin.queues[0]).toMatchObject({
      label: 'Identity checks',
      oldestAt: new Date(now - 3 * HOUR).toISOString(),
    });
    // Each sees the queues their permissions open, and nothing else.
    expect(summary(await as('kyc_reviewer'))).toEqual([['kyc', 2, 3 * 3600]]);
    // Operations may approve funding confirmations and transfer refunds (a colleague's): their
    // approvals queue shows, empty here (the one waiting is their own, of a kind finance approves).
    expect(summary(await as('operations'))).toEqual([
      ['funding', 1, 26 * 3600],
      ['transfers', 1, 45 * 60],
      ['approvals', 0, null],
    ]);
    expect(summary(await as('finance'))).toEqual([['approvals', 1, 2 * 3600]]);
  });

  it('ages with the clock, and a decided item leaves its queue', async () => {
    clock.advance(2 * HOUR);
    expect(summary(await as('kyc_reviewer'))).toEqual([['kyc', 2, 5 * 3600]]);
    const reviewer = staff.get('kyc_reviewer');
    const approved = await reviewer?.post(`/api/v1/staff/kyc/submissions/${kycIds[0]}/approve`);
    expect(approved?.statusCode, approved?.body).toBe(200);
    expect(summary(await as('kyc_reviewer'))).toEqual([['kyc', 1, 3 * 3600]]);
    const declined = await reviewer?.post(`/api/v1/staff/kyc/submissions/${kycIds[1]}/decline`, {
      reason: 'The picture is blurred',
    });
    expect(declined?.statusCode, declined?.body).toBe(200);
    expect(summary(await as('kyc_reviewer'))).toEqual([['kyc', 0, null]]);
  });

  it("shows the ledger's health: the latest check, overdue after two periods, each currency's sum", async () => {
    const before = await as('kyc_reviewer');
    expect(before.ledger).toEqual({
      lastCheck: null,
      stale: true,
      totals: [{ currency: 'USD', balance: '0', zero: true }],
    });
    await runLedgerCheck(suite.app.deps, { trigger: 'schedule' });
    const checked = await as('kyc_reviewer');
    expect(checked.ledger).toEqual({
      lastCheck: { at: clock.now().toISOString(), ok: true, violations: 0, trigger: 'schedule' },
      stale: false,
      totals: [{ currency: 'USD', balance: '0', zero: true }],
    });
    clock.advance(30 * 60_000);
    expect((await as('kyc_reviewer')).ledger.stale).toBe(false);
    clock.advance(1);
    expect((await as('kyc_reviewer')).ledger.stale).toBe(true);
  });

  it('is for staff only', async () => {
    const customer = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    expect((await customer.client.get(OVERVIEW)).statusCode).toBe(401);
  });
});
