import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportAuditLog } from '../../src/modules/audit-log/export.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

/**
 * The audit log as staff read it: searched by actor, customer, action or area, target and
 * period (UTC), newest first a page at a time; exported as CSV that a spreadsheet opens safely;
 * closed to everyone without audit.read; reading it writes nothing.
 */
const suite = useTestApp();
const AUDIT = '/api/v1/staff/audit';
const PASSWORD = 'quarry lantern mosaic thistle';

let admin: TestClient;
let adminId: bigint;
const adminEmail = 'auditor.admin@bank.example';
let ada: { userId: bigint; email: string; client: TestClient };
let bob: { userId: bigint; email: string };

interface Seed {
  actor: bigint | null;
  ip: string | null;
  action: string;
  target: [string, string];
  customer: bigint | null;
  at: string;
  before?: unknown;
  after?: unknown;
}

/** Writes an event as it stood at `at` (the chain trigger links it like any other). */
async function seed(event: Seed) {
  await sql`
    insert into audit_log (actor_id, action, target_type, target_id, customer_id, before, after,
                           ip, user_agent, created_at)
    values (${event.actor}, ${event.action}, ${event.target[0]}, ${event.target[1]},
            ${event.customer}, ${event.before === undefined ? null : JSON.stringify(event.before)},
            ${event.after === undefined ? null : JSON.stringify(event.after)},
            ${event.ip}, ${event.ip === null ? null : 'Mozilla/5.0 (Seed)'}, ${event.at})`.execute(
    suite.database.db,
  );
}

type Page = {
  items: {
    action: string;
    at: string;
    label: string;
    actor: { kind: string; id: string | null; name: string; email: string | null };
    customer: { id: string; name: string; email: string } | null;
    target: { type: string; id: string };
    before: unknown;
    after: unknown;
    ip: string | null;
    userAgent: string | null;
    seq: string;
    hash: string;
    prevHash: string;
  }[];
  nextCursor: string | null;
};

async function search(query: Record<string, string>): Promise<Page> {
  const response = await admin.get(`${AUDIT}?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}
const actions = (page: Page) => page.items.map((i) => `${i.action}@${i.at}`);

/** A period in March 2025 that only the seeded events fall in. */
const MARCH = { from: '2025-03-01', to: '2025-03-31' };

beforeAll(async () => {
  adminId = await createStaff(suite.database, { email: adminEmail, password: PASSWORD });
  admin = await signInStaff(suite.app, { email: adminEmail, password: PASSWORD });
  ada = await signedInCustomer(suite.app, suite.database, {
    kycStatus: 'approved',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  bob = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
  await seed({
    actor: adminId,
    ip: '10.0.0.5',
    action: 'kyc.approve',
    target: ['kyc_submission', '11'],
    customer: ada.userId,
    at: '2025-03-10T10:00:00Z',
    before: { status: 'pending' },
    after: { status: 'approved', accountNumber: '1234567890' },
  });
  await seed({
    actor: adminId,
    ip: '10.0.0.5',
    action: 'funding.decline',
    target: ['funding_request', '12'],
    customer: bob.userId,
    at: '2025-03-11T09:00:00Z',
    before: { status: 'pending', claimedAmount: '15000' },
    after: { status: 'declined', claimedAmount: '15000', reason: 'Nothing arrived' },
  });
  await seed({
    actor: ada.userId,
    ip: '198.51.100.7',
    action: 'security.pin_failed',
    target: ['user', String(ada.userId)],
    customer: ada.userId,
    at: '2025-03-12T23:59:59Z',
    after: { failures: 1 },
  });
  await seed({
    actor: null,
    ip: null,
    action: 'security.codes_paused',
    target: ['user', String(ada.userId)],
    customer: ada.userId,
    at: '2025-03-13T00:00:00Z',
    after: { purpose: 'signin', until: '2025-03-14T00:00:00.000Z' },
  });
  await seed({
    actor: null,
    ip: '198.51.100.99',
    action: 'security.signin_failed',
    target: ['user', String(ada.userId)],
    customer: ada.userId,
    at: '2025-03-13T08:00:00Z',
    after: { attempt: 3 },
  });
});

describe(`the audit log (${engineName})`, () => {
  it('shows each event with who, what, whom, before and after, when (UTC), where, and its chain', async () => {
    const page = await search({ ...MARCH, action: 'kyc.approve' });
    expect(page.items).toHaveLength(1);
    const [entry] = page.items;
    expect(entry).toMatchObject({
      at: '2025-03-10T10:00:00.000Z',
      action: 'kyc.approve',
      label: 'Identity check approved',
      actor: { kind: 'staff', id: String(adminId), email: adminEmail },
      target: { type: 'kyc_submission', id: '11' },
      customer: { id: String(ada.userId), name: 'Ada Lovelace', email: ada.email },
      before: { status: 'pending' },
      after: { status: 'approved', accountNumber: '1234567890' },
      ip: '10.0.0.5',
      userAgent: 'Mozilla/5.0 (Seed)',
    });
    expect(entry?.seq).toMatch(/^[1-9]\d*$/);
    expect(entry?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry?.prevHash).toMatch(/^[0-9a-f]{64}$/);

    const others = await search({ ...MARCH, action: 'security' });
    expect(others.items.map((i) => [i.actor.kind, i.actor.name])).toEqual([
      ['anonymous', 'Not signed in'],
      ['system', 'Cedar Bank (system)'],
      ['customer', 'Ada Lovelace'],
    ]);
  });

  it('finds events by actor, customer, action or area, target and period, newest first', async () => {
    expect(actions(await search({ ...MARCH, actor: String(adminId) }))).toEqual([
      'funding.decline@2025-03-11T09:00:00.000Z',
      'kyc.approve@2025-03-10T10:00:00.000Z',
    ]);
    // By email, in any case, as staff type it.
    expect(actions(await search({ ...MARCH, actor: adminEmail.toUpperCase() }))).toHaveLength(2);
    expect(actions(await search({ ...MARCH, actor: 'system' }))).toEqual([
      'security.codes_paused@2025-03-13T00:00:00.000Z',
    ]);
    expect(actions(await search({ ...MARCH, customer: ada.email }))).toEqual([
      'security.signin_failed@2025-03-13T08:00:00.000Z',
      'security.codes_paused@2025-03-13T00:00:00.000Z',
      'security.pin_failed@2025-03-12T23:59:59.000Z',
      'kyc.approve@2025-03-10T10:00:00.000Z',
    ]);
    expect(actions(await search({ ...MARCH, customer: String(bob.userId) }))).toEqual([
      'funding.decline@2025-03-11T09:00:00.000Z',
    ]);
    expect(actions(await search({ ...MARCH, action: 'security.pin_failed' }))).toEqual([
      'security.pin_failed@2025-03-12T23:59:59.000Z',
    ]);
    expect(actions(await search({ ...MARCH, target: 'funding_request:12' }))).toEqual([
      'funding.decline@2025-03-11T09:00:00.000Z',
    ]);
    expect(actions(await search({ ...MARCH, target: '11' }))).toEqual([
      'kyc.approve@2025-03-10T10:00:00.000Z',
    ]);
    // A day (UTC) as `to` is included to its end; the next midnight is not.
    expect(actions(await search({ from: '2025-03-12', to: '2025-03-12' }))).toEqual([
      'security.pin_failed@2025-03-12T23:59:59.000Z',
    ]);
    // An instant as `to` is excluded.
    expect(
      actions(await search({ from: '2025-03-12T23:59:59Z', to: '2025-03-13T00:00:00Z' })),
    ).toEqual(['security.pin_failed@2025-03-12T23:59:59.000Z']);
    // Filters combine.
    expect(
      actions(await search({ ...MARCH, customer: ada.email, action: 'security', actor: 'system' })),
    ).toEqual(['security.codes_paused@2025-03-13T00:00:00.000Z']);
    // Nobody has this email: nothing, rather than everything.
    expect((await search({ actor: 'nobody@example.com' })).items).toEqual([]);
  });

  it('pages newest first by keyset: every row once, none moved by rows written meanwhile', async () => {
    const spring = { from: '2025-03-01', to: '2025-05-31' };
    const before = actions(await search(spring));
    expect(before).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await search({
        ...spring,
        limit: '2',
        ...(cursor === null ? {} : { cursor }),
      });
      seen.push(...actions(page));
      cursor = page.nextCursor;
      pages += 1;
      if (pages === 1) {
        // Something happens while staff read: it lands on top, outside the pages being read.
        await seed({
          actor: adminId,
          ip: '10.0.0.5',
          action: 'funding.view_proof',
          target: ['funding_request', '12'],
          customer: bob.userId,
          at: '2025-05-01T08:00:00Z',
        });
      }
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(before);
    expect(actions(await search(spring))).toEqual([
      'funding.view_proof@2025-05-01T08:00:00.000Z',
      ...before,
    ]);
  });

  it('refuses filters it cannot read, with the field named', async () => {
    const refused = async (query: Record<string, string>, field: string | null) => {
      const response = await admin.get(`${AUDIT}?${new URLSearchParams(query)}`);
      expect(response.statusCode, response.body).toBe(400);
      if (field) expect(JSON.stringify(response.json().errors)).toContain(`query.${field}`);
    };
    await refused({ action: 'kyc.nonsense' }, 'action');
    await refused({ action: 'DROP TABLE' }, 'action');
    await refused({ from: '2025-03-12', to: '2025-03-11' }, 'to');
    await refused({ from: '2025-02-30' }, 'from');
    await refused({ from: '2025-03-12T10:00:00+02:00' }, 'from');
    await refused({ actor: 'bob' }, 'actor');
    await refused({ cursor: 'abc' }, 'cursor');
    await refused({ limit: '500' }, 'limit');
    await refused({ colour: 'red' }, null);
  });

  it('lists the catalogue of actions by area for the filter', async () => {
    const response = await admin.get(`${AUDIT}/actions`);
    expect(response.statusCode).toBe(200);
    const areas = response.json().areas as {
      area: string;
      label: string;
      actions: { action: string; label: string }[];
    }[];
    const security = areas.find((a) => a.area === 'security');
    expect(security?.label).toBe('Security');
    expect(security?.actions).toContainEqual({ action: 'security.signin', label: 'Signed in' });
    expect(security?.actions).toContainEqual({
      action: 'security.rate_limited',
      label: 'Too many requests refused (429)',
    });
    expect(areas.find((a) => a.area === 'kyc')?.label).toBe('Identity checks');
  });

  it('is read-only: a search writes nothing, not even a row about itself', async () => {
    const count = async () =>
      Number(
        (
          await suite.database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await search(MARCH);
    await admin.get(`${AUDIT}/actions`);
    expect(await count()).toBe(before);
  });

  it('is closed to customers and to staff without audit.read, and the refusal is recorded', async () => {
    expect((await ada.client.get(AUDIT)).statusCode).toBe(401);
    const reviewerEmail = 'reviewer.no-audit@bank.example';
    const reviewerId = await createStaff(
      suite.database,
      { email: reviewerEmail, password: PASSWORD },
      'kyc_reviewer',
    );
    const reviewer = await signInStaff(suite.app, { email: reviewerEmail, password: PASSWORD });
    for (const path of [AUDIT, `${AUDIT}/actions`, `${AUDIT}/export.csv`]) {
      expect((await reviewer.get(path)).statusCode).toBe(403);
    }
    const refusals = await suite.database.db
      .selectFrom('audit_log')
      .select(['target_id', 'after'])
      .where('action', '=', 'security.permission_denied')
      .where('actor_id', '=', reviewerId)
      .orderBy('id')
      .execute();
    expect(refusals.map((r) => r.target_id)).toEqual([
      `GET ${AUDIT}`,
      `GET ${AUDIT}/actions`,
      `GET ${AUDIT}/export.csv`,
    ]);
    expect(refusals[0]?.after).toEqual({ permission: 'audit.read' });
  });
});

/** RFC 4180: quoted fields with doubled quotes, which may hold commas and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe(`the audit log as CSV (${engineName})`, () => {
  it('exports the search with a header row, escaped and defused cells, and records the export', async () => {
    // A name a spreadsheet would run as a formula, with a comma, quotes and a line break.
    const odd = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    await suite.database.db
      .updateTable('users')
      .set({ first_name: "=cmd|' /C calc'!A0", last_name: 'Smith, "Jr"\nEsq' })
      .where('id', '=', odd.userId)
      .execute();
    await seed({
      actor: adminId,
      ip: '10.0.0.5',
      action: 'funding.decline',
      target: ['funding_request', '77'],
      customer: odd.userId,
      at: '2025-04-02T12:00:00Z',
      before: { status: 'pending', claimedAmount: '100' },
      after: { status: 'declined', claimedAmount: '100', reason: '+1; =2, "three"' },
    });

    const response = await admin.get(`${AUDIT}/export.csv?customer=${odd.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{8}T\d{6}Z\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Sequence',
      'Time (UTC)',
      'Actor kind',
      'Actor id',
      'Actor name',
      'Actor email',
      'Action',
      'Action label',
      'Target type',
      'Target id',
      'Customer id',
      'Customer name',
      'Customer email',
      'Before',
      'After',
      'IP address',
      'User agent',
      'Hash',
      'Previous hash',
    ]);
    // Newest first: the seeded decline, then the customer's own sign-in.
    const decline = rows.find((r) => r[6] === 'funding.decline');
    expect(decline).toBeDefined();
    const cell = (name: string) => decline?.[rows[0]?.indexOf(name) ?? -1];
    expect(cell('Time (UTC)')).toBe('2025-04-02T12:00:00.000Z');
    expect(cell('Actor email')).toBe(adminEmail);
    expect(cell('Action label')).toBe('Funding request declined');
    // Defused (a leading quote) and kept whole through the CSV quoting.
    expect(cell('Customer name')).toBe(`'=cmd|' /C calc'!A0 Smith, "Jr"\nEsq`);
    expect(JSON.parse(cell('After') ?? '')).toEqual({
      status: 'declined',
      claimedAmount: '100',
      reason: `+1; '=2, "three"`,
    });
    expect(cell('Hash')).toMatch(/^[0-9a-f]{64}$/);
    // No cell of the file starts as a formula would.
    for (const row of rows.slice(1)) {
      for (const value of row) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(rows.slice(1).map((r) => r[6])).toEqual(['funding.decline', 'security.signin']);

    const recorded = await suite.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'after', 'ip'])
      .where('action', '=', 'audit.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({
      actor_id: adminId,
      target_type: 'audit_log',
      after: { filter: { customer: String(odd.userId) }, rows: 2 },
      ip: '127.0.0.1',
    });
  });

  it('refuses a search larger than one export holds, rather than cut it short, and records nothing', async () => {
    const actor = {
      userId: adminId,
      ip: '127.0.0.1',
      userAgent: 'test',
      permissions: new Set(['audit.read'] as const),
    };
    const exports = async () =>
      (
        await suite.database.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'audit.export')
          .execute()
      ).length;
    const before = await exports();
    await expect(
      exportAuditLog(suite.app.deps, { ...MARCH }, actor, () => undefined, 4),
    ).rejects.toThrow(/more than 4 rows/);
    expect(await exports()).toBe(before);
    // Within the cap it goes through, every row of the search in the file.
    const file = await exportAuditLog(suite.app.deps, { ...MARCH }, actor, () => undefined, 5);
    expect(file.rows).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(parseCsv(Buffer.concat(chunks).toString())).toHaveLength(6);
  });
});
