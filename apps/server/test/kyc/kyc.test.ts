import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MAX_FILE_BYTES } from '@bank/contract';
import type { Database } from '../../src/db/connection.js';
import { getBalance, isValidAccountNumber } from '../../src/ledger/index.js';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { runJobs } from '../helpers/jobs.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import { signInStaff } from '../helpers/staff.js';

let database: Database;
let app: FastifyInstance;
let uploadsDir: string;
let png: Buffer;
let seq = 0;
const PASSWORD = 'velvet tram orbit lantern';
const ADMIN = { email: 'reviewer@bank.example', password: 'granite harbour lighthouse keeper' };

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'bank-kyc-'));
  app = await buildTestApp(database, { uploadsDir });
  await app.ready();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  await bootstrapAdmin(database.db, ADMIN);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(uploadsDir);
  return out;
}

/** A customer with a verified email, holding an onboarding session. */
async function onboardingCustomer() {
  seq += 1;
  const email = `kyc.${seq}.${Date.now().toString(36)}@example.com`;
  const client = new TestClient(app);
  await client.post('/api/v1/auth/signup', {
    firstName: 'Katherine',
    lastName: 'Johnson',
    username: `kj_${seq}_${Date.now().toString(36)}`,
    email,
    password: PASSWORD,
    acceptTerms: true,
  });
  await runJobs(app);
  await database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('email', '=', email)
    .execute();
  const signin = await client.post('/api/v1/auth/signin', { email, password: PASSWORD });
  expect(signin.json().next).toBe('kyc_submit');
  return { email, client };
}

let staffSession: TestClient | undefined;
/** The admin, signed in through both steps once per suite (a code works only once). */
async function staffClient() {
  staffSession ??= await signInStaff(app, ADMIN);
  return staffSession;
}

function submission(
  overrides: Partial<Record<'pic' | 'idcardFront' | 'idcardBack', Part>> = {},
  fields: Record<string, string> = {},
) {
  const values = {
    country: 'GB',
    phone: '07911 123456',
    homeAddress: '1 High Street, London',
    documentType: "Driver's License",
    ...fields,
  };
  return [
    ...Object.entries(values).map(([name, value]) => ({ name, value })),
    overrides.pic ?? { name: 'pic', value: png, fileName: 'me.png', type: 'image/png' },
    overrides.idcardFront ?? {
      name: 'idcardFront',
      value: png,
      fileName: 'front.png',
      type: 'image/png',
    },
    overrides.idcardBack ?? {
      name: 'idcardBack',
      value: png,
      fileName: 'back.png',
      type: 'image/png',
    },
  ];
}

async function submit(client: TestClient, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/kyc/submission',
    payload,
    headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: client.cookie ?? '' },
  });
  const cleared = response.cookies.find((c) => c.name === 'bank_session');
  if (cleared && !cleared.value) client.cookie = undefined;
  return response;
}

describe('KYC submission', () => {
  it("offers Driver's License first, to an onboarding session only", async () => {
    const { client } = await onboardingCustomer();
    const types = await client.get('/api/v1/kyc/document-types');
    expect(types.json().documentTypes[0]).toBe("Driver's License");
    expect((await new TestClient(app).get('/api/v1/kyc/document-types')).statusCode).toBe(401);
  });

  it('refuses a document type staff have retired, and one never offered, storing nothing', async () => {
    await database.db
      .updateTable('document_types')
      .set({ active: false })
      .where('name', '=', 'National ID Card')
      .execute();
    try {
      const { client } = await onboardingCustomer();
      expect((await client.get('/api/v1/kyc/document-types')).json().documentTypes).not.toContain(
        'National ID Card',
      );
      const before = storedFiles().length;
      for (const documentType of ['National ID Card', 'Library Card']) {
        const response = await submit(client, submission({}, { documentType }));
        expect(response.statusCode, documentType).toBe(400);
        expect(response.json().errors).toContainEqual({
          path: 'body.documentType',
          message: 'Choose a document type from the list',
        });
      }
      expect(storedFiles().length).toBe(before);
    } finally {
      await database.db
        .updateTable('document_types')
        .set({ active: true })
        .where('name', '=', 'National ID Card')
        .execute();
    }
  });

  it('stores the re-encoded documents privately, puts the customer under review and ends the session', async () => {
    const { email, client } = await onboardingCustomer();
    const before = storedFiles().length;
    const response = await submit(client, submission());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ next: 'kyc_review' });
    expect(client.cookie).toBeUndefined();

    const user = await database.db
      .selectFrom('users')
      .select(['id', 'kyc_status'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.kyc_status).toBe('pending');
    const row = await database.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      country: 'GB',
      phone: '+447911123456',
      document_type: "Driver's License",
    });
    const files = storedFiles().slice(0);
    expect(files.length - before).toBe(3);
    for (const file of files) expect(statSync(file).mode & 0o777).toBe(0o600);
    // The old session is gone on the server, not only in the browser.
    const signin = await new TestClient(app).post('/api/v1/auth/signin', {
      email,
      password: PASSWORD,
    });
    expect(signin.json()).toEqual({ next: 'kyc_review' });
  });

  it.each([
    [
      'a script renamed .jpg',
      {
        pic: {
          name: 'pic',
          value: '#!/bin/sh\nrm -rf /\n',
          fileName: 'me.jpg',
          type: 'image/jpeg',
        },
      },
    ],
    [
      'an HTML/PDF polyglot',
      {
        idcardFront: {
          name: 'idcardFront',
          value: '%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF',
          fileName: 'id.pdf',
          type: 'application/pdf',
        },
      },
    ],
    [
      'a file one byte over the limit',
      {
        idcardBack: {
          name: 'idcardBack',
          value: Buffer.alloc(KYC_MAX_FILE_BYTES + 1, 1),
          fileName: 'big.png',
          type: 'image/png',
        },
      },
    ],
    [
      'a path in the file name',
      {
        pic: {
          name: 'pic',
          value: Buffer.alloc(0),
          fileName: '../../etc/passwd',
          type: 'image/png',
        },
      },
    ],
    [
      'an empty file',
      {
        idcardFront: {
          name: 'idcardFront',
          value: Buffer.alloc(0),
          fileName: 'front.png',
          type: 'image/png',
        },
      },
    ],
  ])('refuses %s with a clear 4xx and stores nothing', async (_name, override) => {
    const { email, client } = await onboardingCustomer();
    const before = storedFiles().length;
    const response = await submit(client, submission(override as never));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().detail).toBeTruthy();
    expect(storedFiles().length).toBe(before);
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'kyc_status'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.kyc_status).toBe('not_verified');
    const rows = await database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a bad phone number, saying what to check, or an unknown country on their fields', async () => {
    const { client } = await onboardingCustomer();
    const phone = await submit(client, submission({}, { phone: '12' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors[0]).toEqual({
      path: 'body.phone',
      message: expect.stringMatching(/^Too few digits for a \+44 number: it has 7, 9 or 10 digits/),
    });
    // Ofcom's range for films: a number no operator can have.
    const reserved = await submit(client, submission({}, { phone: '07700 900123' }));
    expect(reserved.json().errors[0].message).toMatch(
      /^No operator has a \+44 number like this: .* Reserved and fictional ranges/,
    );
    const country = await submit(client, submission({}, { country: 'XX' }));
    expect(country.json().errors[0].path).toBe('body.country');
  });

  it('is closed to every other session: signed out, customer and staff', async () => {
    expect((await submit(new TestClient(app), submission())).statusCode).toBe(401);
    expect((await submit(await staffClient(), submission())).statusCode).toBe(401);
  });
});

describe('KYC review by staff', () => {
  async function pendingSubmission() {
    const { email, client } = await onboardingCustomer();
    expect((await submit(client, submission())).statusCode).toBe(200);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const row = await database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { email, userId: user.id, id: String(row.id) };
  }

  it('lists the queue, shows the documents, approves: the account opens and the customer reaches the dashboard', async () => {
    const pending = await pendingSubmission();
    const staff = await staffClient();
    const queue = await staff.get('/api/v1/staff/kyc/queue');
    expect(queue.json().items.map((i: { id: string }) => i.id)).toContain(pending.id);
    const detail = await staff.get(`/api/v1/staff/kyc/submissions/${pending.id}`);
    expect(
      detail
        .json()
        .documents.map((d: { role: string }) => d.role)
        .sort(),
    ).toEqual(['id_back', 'id_front', 'photo']);
    expect(detail.json()).toMatchObject({ status: 'pending', reviewedAt: null, reviewedBy: null });
    const photo = await staff.get(`/api/v1/staff/kyc/submissions/${pending.id}/documents/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['cache-control']).toBe('no-store');
    expect(photo.headers['content-security-policy']).toContain('sandbox');

    const approve = await staff.post(`/api/v1/staff/kyc/submissions/${pending.id}/approve`);
    expect(approve.statusCode).toBe(200);
    const { accountNumber } = approve.json();
    expect(isValidAccountNumber(accountNumber)).toBe(true);
    const account = await database.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('account_number', '=', accountNumber)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      owner_id: pending.userId,
      kind: 'customer_current',
      currency: 'USD',
    });
    expect(
      (await getBalance(database.db, { accountId: account.id, ownerId: pending.userId })).balance,
    ).toBe(0n);
    const decided = (await staff.get(`/api/v1/staff/kyc/submissions/${pending.id}`)).json();
    expect(decided).toMatchObject({ status: 'approved', reviewedBy: expect.any(String) });
    expect(Date.parse(decided.reviewedAt)).toBeGreaterThan(Date.parse(decided.submittedAt) - 1);
    expect((await staff.get('/api/v1/staff/kyc/queue')).json().items).not.toContainEqual(
      expect.objectContaining({ id: pending.id }),
    );

    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'kyc_submission')
      .where('target_id', '=', pending.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['kyc.approve', 'kyc.view_document']);
    const mail = await sql<{
      subject: string;
    }>`select payload->>'subject' as subject from jobs where kind = 'email' and payload->>'to' = ${pending.email} order by id desc limit 1`.execute(
      database.db,
    );
    expect(mail.rows[0]?.subject).toMatch(/account is open/);

    const customer = new TestClient(app);
    expect(
      (
        await customer.post('/api/v1/auth/signin', { email: pending.email, password: PASSWORD })
      ).json(),
    ).toEqual({ next: 'dashboard' });
    expect(
      (await staff.post(`/api/v1/staff/kyc/submissions/${pending.id}/approve`)).statusCode,
    ).toBe(409);
  });

  it('declines with a reason the customer sees, and lets them submit again', async () => {
    const pending = await pendingSubmission();
    const staff = await staffClient();
    const decline = await staff.post(`/api/v1/staff/kyc/submissions/${pending.id}/decline`, {
      reason: 'The ID photo is blurred',
    });
    expect(decline.statusCode).toBe(200);
    const customer = new TestClient(app);
    const signin = await customer.post('/api/v1/auth/signin', {
      email: pending.email,
      password: PASSWORD,
    });
    expect(signin.json()).toEqual({
      next: 'kyc_submit',
      status: 'declined',
      declineReason: 'The ID photo is blurred',
    });
    expect((await submit(customer, submission())).statusCode).toBe(200);
  });

  it('is closed to customers and to staff without the permission', async () => {
    const pending = await pendingSubmission();
    const { client: onboarding } = await onboardingCustomer();
    for (const url of [
      '/api/v1/staff/kyc/queue',
      `/api/v1/staff/kyc/submissions/${pending.id}/documents/photo`,
    ]) {
      expect((await onboarding.get(url)).statusCode, url).toBe(401);
    }
    // A staff member whose role lacks kyc.review.
    const ops = { email: 'ops@bank.example', password: 'sturdy orchard violet compass' };
    await bootstrapAdmin(database.db, ops);
    await sql`delete from user_roles where user_id = (select id from users where email = ${ops.email})`.execute(
      database.db,
    );
    await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.email = ${ops.email} and r.name = 'operations'`.execute(
      database.db,
    );
    const opsClient = await signInStaff(app, ops);
    expect((await opsClient.get('/api/v1/staff/kyc/queue')).statusCode).toBe(403);
    expect(
      (await opsClient.post(`/api/v1/staff/kyc/submissions/${pending.id}/approve`)).statusCode,
    ).toBe(403);
    const still = await database.db
      .selectFrom('kyc_submissions')
      .select('status')
      .where('id', '=', BigInt(pending.id))
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });
});
