/**
 * Security review of bank transfers (decision 0019): where the PIN, the emailed code and the
 * customer's personal data can end up. A journey through every step (wrong PIN, wrong code,
 * resend, refusals, inside the bank and abroad, staff decisions) is run with the log at debug,
 * then the log, every answer, the notifications, the audit log, the staff views and the stored
 * rows are searched. All of these held up: they are regression tests.
 */
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/platform/logging.js';
import { testClock } from '../helpers/app.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, STAFF_TRANSFERS, TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers, type Json } from './review-setup.js';

const lines: string[] = [];
const clock = testClock();
const suite = useTestApp({
  clock,
  logger: { ...loggerOptions('debug'), stream: { write: (line: string) => lines.push(line) } },
});
const r = reviewHelpers(suite);

/**
 * A 4-digit secret standing alone: not inside a longer number, a decimal, or a word such as a
 * random id's hex ("9b1a2580f…" holds "2580" by chance, one run in a few hundred).
 */
const alone = (secret: string) => new RegExp(`(?<![\\w.,-])${secret}(?![\\w.,-])`);

const ISO = /^\d{4}-\d{2}-\d{2}T/;

/** The text of an answer a person reads: every string but dates, plain numbers and addresses. */
function readable(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!ISO.test(value) && !/^\d+$/.test(value) && !value.includes('@')) out.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => readable(v, out));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((v) => readable(v, out));
  return out;
}

describe('transfer review: leaks', () => {
  it('no PIN, code, address, account or note in the log; no PIN or code in any answer, notification, audit entry, staff view or row', async () => {
    const staff = await r.staff();
    // The second person for a refund at or above the threshold, signed in before the clock moves.
    await r.staff('admin', 'checker');
    await r.ownSwift();
    const a = await r.sender(5_000_000n, { firstName: 'Ingrid' });
    const b = await r.sender(0n, { firstName: 'Boris' });
    const codes = new Set<string>();
    const answers: LightMyRequestResponse[] = [];
    const keep = (res: LightMyRequestResponse) => {
      answers.push(res);
      return res;
    };
    const abroad = details({
      accountNumber: 'GB29 NWBK 6016 1331 9268 19',
      swift: 'NWBKGB2L',
      accountHolderName: 'Quentin Privatename',
      note: 'Secret note about rent',
      amount: '1500',
    });

    // Abroad: a wrong PIN, the right one, a wrong code, a resend, the code, submit.
    const id = await r.confirmed(a.client, abroad);
    keep(await a.client.post(`${TRANSFERS}/${id}/pin`, { pin: '1357' }));
    keep(await a.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN }));
    let code = await r.codeFor(a.email);
    codes.add(code);
    keep(
      await a.client.post(`${TRANSFERS}/${id}/code`, { code: code === '0000' ? '1111' : '0000' }),
    );
    clock.advance(61_000);
    keep(await a.client.post(`${TRANSFERS}/${id}/code/resend`));
    code = await r.codeFor(a.email);
    codes.add(code);
    keep(await a.client.post(`${TRANSFERS}/${id}/code`, { code }));
    keep(await a.client.post(`${TRANSFERS}/${id}/submit`));
    keep(await a.client.get(`${TRANSFERS}/${id}`));
    keep(await a.client.get(TRANSFERS));

    // Inside the bank, then refused ones (insufficient balance, expired).
    const inside = r.inside(b, { amount: '20' });
    const internal = await r.confirmed(a.client, inside);
    keep(await a.client.post(`${TRANSFERS}/${internal}/pin`, { pin: PIN }));
    code = await r.codeFor(a.email);
    codes.add(code);
    keep(await a.client.post(`${TRANSFERS}/${internal}/code`, { code }));
    keep(await a.client.post(`${TRANSFERS}/${internal}/submit`));
    const tooMuch = keep(await r.create(a.client, details({ ...abroad, amount: '60000' })));
    keep(await a.client.post(`${TRANSFERS}/${String((tooMuch.json() as Json).id)}/confirm`));
    const stale = await r.confirmed(a.client, abroad);
    clock.advance(31 * 60_000);
    keep(await a.client.post(`${TRANSFERS}/${stale}/pin`, { pin: PIN }));

    // Staff: the queue, one transfer, a decision each way.
    const second = await r.ready(a, { ...abroad, note: 'Another secret note' });
    codes.add(await r.codeFor(a.email));
    keep(await a.client.post(`${TRANSFERS}/${second}/submit`));
    const staffViews = [
      keep(await staff.get(STAFF_TRANSFERS)),
      keep(await staff.get(`${STAFF_TRANSFERS}/${id}`)),
      keep(await staff.post(`${STAFF_TRANSFERS}/${id}/complete`, { reference: 'FT-REF-778' })),
      keep(await staff.get(`${STAFF_TRANSFERS}?status=successful`)),
    ];
    // 1,500.00: its refund waits for a second person, who approves it.
    const failed = keep(
      await staff.post(`${STAFF_TRANSFERS}/${second}/fail`, { reason: 'Account closed' }),
    );
    await r.approvedBySecond(failed);
    staffViews.push(keep(await staff.get(`${STAFF_TRANSFERS}?status=failed`)));
    expect(staffViews.every((res) => res.statusCode === 200)).toBe(true);

    // 1. The log: no secret, no personal data of the customer or the beneficiary.
    const log = lines
      .map((l) =>
        l.replace(/"(pid|hostname|serverId|time|responseTime|reqId)":("[^"]*"|[\d.]+)/g, ''),
      )
      .join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [PIN, ...codes]) expect(alone(secret).test(log), secret).toBe(false);
    for (const pii of [
      a.email,
      b.email,
      'GB29NWBK60161331926819',
      'Quentin',
      'Privatename',
      'Secret note',
      a.accountNumber,
      b.accountNumber,
      'Ingrid',
      'Boris',
    ]) {
      expect(log.includes(pii), pii).toBe(false);
    }

    // 2. Answers (customer and staff): no PIN or code in any text a person reads.
    for (const res of answers) {
      const text = readable(JSON.parse(res.body) as unknown).join('\n');
      for (const secret of [PIN, ...codes]) {
        expect(alone(secret).test(text), `${secret} in ${res.body}`).toBe(false);
      }
    }
    const step = answers.find((x) => (x.json() as Json).next === 'code')?.json() as Json;
    expect(step.sentTo).toMatch(/^c•••.*@example\.com$/);
    expect(String(step.body)).not.toContain(a.email);

    // 3. Notifications, the audit log, and every row of the code and job tables.
    const db = suite.database.db;
    const notes = await db.selectFrom('notifications').select(['title', 'body']).execute();
    const audit = await db.selectFrom('audit_log').select(['action', 'before', 'after']).execute();
    const stored = [
      ...notes.map((n) => `${n.title}\n${n.body}`),
      ...audit.map((x) => JSON.stringify(x)),
    ].join('\n');
    for (const secret of [PIN, ...codes]) expect(alone(secret).test(stored), secret).toBe(false);
    const codeRows = await sql<Json>`select * from one_time_codes`.execute(db);
    for (const row of codeRows.rows) {
      for (const value of Object.values(row)) {
        expect(codes.has(String(value))).toBe(false);
      }
    }
    const jobs = await sql<{ payload: unknown }>`select payload from jobs`.execute(db);
    const queued = JSON.stringify(jobs.rows);
    for (const secret of codes) {
      expect(queued.includes(`is ${secret}`)).toBe(false);
    }
    expect(queued.includes('Secret note')).toBe(false);
  });
});
