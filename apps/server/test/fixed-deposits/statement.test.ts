import { formatDay, formatMoney } from '@bank/contract';
import { pdfTextRuns } from '@bank/test-support';
import { describe, expect, it } from 'vitest';
import { accrueAll } from '../../src/modules/fixed-deposits/accrual.js';
import {
  accruedAfter,
  addDays,
  interestForDays,
} from '../../src/modules/fixed-deposits/interest.js';
import { testClock } from '../helpers/app.js';
import { TEST_PIN } from '../helpers/customers.js';
import { useTestApp } from '../helpers/suite.js';
import { addPlan, clientKey, customerWith, DAY, type FundedCustomer } from './setup.js';

// The clock starts at the real time: statement lines carry the database's time of posting.
const clock = testClock(new Date());
const suite = useTestApp({ clock });
const usd = (minor: bigint) => formatMoney(minor, 'USD');
const today = () => clock.now().toISOString().slice(0, 10);

async function pdfText(c: FundedCustomer, query = '') {
  const pdf = await c.client.get(`/api/v1/statements/export.pdf${query}`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  return pdfTextRuns(pdf.rawPayload);
}

describe('fixed deposits on the PDF statement', () => {
  it('lists each deposit with plan, principal, rate, interest accrued, dates and status', async () => {
    const plan = await addPlan(suite, { termCount: 12, termUnit: 'months', rateBp: 525 });
    const c = await customerWith(suite, 3_000_000n);
    const opened = await c.client.post('/api/v1/fixed-deposits', {
      plan: plan.id,
      amount: '20000',
      idempotencyKey: clientKey(),
      pin: TEST_PIN,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const fd = opened.json();
    clock.advance(10 * DAY);
    await accrueAll(suite.app.deps);

    const runs = await pdfText(c);
    expect(runs).toContain(`Fixed deposits (as of ${formatDay(today())})`);
    expect(runs).toContain(plan.name);
    expect(runs).toContain(`Account ${fd.accountNumber}`);
    expect(runs).toContain(usd(2_000_000n));
    expect(runs).toContain('5.25 %');
    expect(runs).toContain(usd(accruedAfter(2_000_000n, 525, fd.termDays, 10)));
    expect(runs).toContain(formatDay(fd.startDate));
    expect(runs).toContain(formatDay(fd.maturityDate));
    expect(runs).toContain('Active');
    // The money that left the current account is one of its lines.
    // (A long description wraps: its lines are runs of their own.)
    expect(runs.join(' ')).toContain(`Fixed deposit opened: ${plan.name}`);

    // A period that ended before the deposit started does not list it.
    const before = await pdfText(c, `?to=${addDays(fd.startDate, -1)}`);
    expect(before.join('\n')).not.toContain('Fixed deposits');
    expect(before).not.toContain(plan.name);
    // The CSV stays the current account's lines only.
    const csv = await c.client.get('/api/v1/statements/export.csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('shows a matured deposit as matured, and leaves it off periods after it was paid out', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 400 });
    const c = await customerWith(suite, 1_000_000n);
    const fd = (
      await c.client.post('/api/v1/fixed-deposits', {
        plan: plan.id,
        amount: '5000',
        idempotencyKey: clientKey(),
        pin: TEST_PIN,
      })
    ).json();
    clock.advance(30 * DAY);
    await accrueAll(suite.app.deps);
    const runs = await pdfText(c, `?from=${fd.startDate}&to=${today()}`);
    expect(runs).toContain(plan.name);
    expect(runs).toContain('Matured');
    expect(runs).toContain(usd(interestForDays(500_000n, 400, 30)));
    const later = await pdfText(c, `?from=${addDays(today(), 1)}&to=${addDays(today(), 1)}`);
    expect(later).not.toContain(plan.name);
  });

  it('has no fixed-deposit section for a customer without any, nor another customer’s', async () => {
    const c = await customerWith(suite, 10_000n);
    const runs = await pdfText(c);
    expect(runs.join('\n')).not.toContain('Fixed deposits');
    expect(runs).toContain('Opening deposit');
  });
});
