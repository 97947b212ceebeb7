import { describe, expect, it } from 'vitest';
import { checkLedger, openCustomerAccount } from '../../src/ledger/index.js';
import { modules } from '../../src/modules/index.js';
import { accrueAll } from '../../src/modules/fixed-deposits/accrual.js';
import { ACCRUAL_JOB, openFixedDeposit } from '../../src/modules/fixed-deposits/index.js';
import { accruedAfter, interestForDays } from '../../src/modules/fixed-deposits/interest.js';
import { testClock } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { runJobs } from '../helpers/jobs.js';
import { mailTo } from '../helpers/mail.js';
import { TEST_PIN } from '../helpers/customers.js';
import { useTestApp } from '../helpers/suite.js';
import {
  addPlan,
  balanceOf,
  clientKey,
  cryptoFixedDepositRequest,
  customerWith,
  DAY,
  depositRow,
  entriesWithKeyPrefix,
  type FundedCustomer,
} from './setup.js';

// One clock for the file, only ever moved forward: the earlier tests take it to 2028 at most.
const clock = testClock(new Date('2026-03-01T09:00:00Z'));
const suite = useTestApp({ clock });
const OPEN = '/api/v1/fixed-deposits';

/** Moves the suite's clock forward to `iso` (it never goes back). */
function moveTo(iso: string) {
  const target = new Date(iso).getTime();
  const now = clock.now().getTime();
  if (target < now) throw new Error(`the clock is already past ${iso}`);
  clock.advance(target - now);
}

async function open(c: FundedCustomer, planId: string, amount: string) {
  const res = await c.client.post(OPEN, {
    plan: planId,
    amount,
    idempotencyKey: clientKey(),
    pin: TEST_PIN,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    termDays: number;
    maturityDate: string;
    accountNumber: string;
  };
}

async function fdAccountId(id: string) {
  return (await depositRow(suite, id)).account_id;
}

const accruals = (id: string) => entriesWithKeyPrefix(suite, `fd:${id}:accrue:`);

describe('the accrual job', () => {
  it('is a registered handler, kept on an hourly schedule', () => {
    const module = modules.find((m) => m.name === 'fixed-deposits');
    expect(module?.jobs?.(suite.app.deps).map((j) => j.kind)).toContain(ACCRUAL_JOB);
    expect(module?.periodic).toEqual([{ kind: ACCRUAL_JOB, everyMs: 3_600_000 }]);
  });

  it('accrues each day once, however often it runs that day', async () => {
    const plan = await addPlan(suite, { termCount: 365, termUnit: 'days', rateBp: 500 });
    const c = await customerWith(suite, 10_000_000n);
    const fd = await open(c, plan.id, '50000');
    // Opened today: nothing is due until a whole day has passed.
    await accrueAll(suite.app.deps);
    expect(await accruals(fd.id)).toEqual([]);

    clock.advance(DAY);
    // As the server runs it: the periodic job through the job worker.
    await runJobs(suite.app, [], { periodic: true });
    await accrueAll(suite.app.deps);
    clock.advance(6 * 60 * 60_000); // 15:00, the same UTC day
    await accrueAll(suite.app.deps);
    await accrueAll(suite.app.deps);
    const day1 = accruedAfter(5_000_000n, 500, 365, 1);
    const entries = await accruals(fd.id);
    expect(entries.map((e) => e.key)).toEqual([`fd:${fd.id}:accrue:1`]);
    const account = String(await fdAccountId(fd.id));
    expect(entries[0]).toMatchObject({
      kind: 'fixed_deposit_interest',
      actor: 'system',
      postings: [{ amount: String(-day1) }, { accountId: account, amount: String(day1) }],
    });
    expect(await depositRow(suite, fd.id)).toMatchObject({ days_accrued: 1, accrued: day1 });
    expect((await c.client.get(OPEN)).json().items[0].accrued).toBe(String(day1));
    expect(await balanceOf(suite, BigInt(account))).toBe(5_000_000n + day1);
  });

  it('catches up after downtime: one run posts every missed day, one entry each', async () => {
    const plan = await addPlan(suite, { termCount: 90, termUnit: 'days', rateBp: 500 });
    const c = await customerWith(suite, 10_000_000n);
    const fd = await open(c, plan.id, '100000');
    clock.advance(40 * DAY);
    const days = await accrueAll(suite.app.deps);
    expect(days).toBeGreaterThanOrEqual(40);
    const entries = await accruals(fd.id);
    expect(entries.map((e) => e.key)).toEqual(
      Array.from({ length: 40 }, (_, i) => `fd:${fd.id}:accrue:${i + 1}`),
    );
    entries.forEach((e, i) =>
      expect(e.postings[1]?.amount).toBe(
        String(accruedAfter(10_000_000n, 500, 90, i + 1) - accruedAfter(10_000_000n, 500, 90, i)),
      ),
    );
    const c40 = accruedAfter(10_000_000n, 500, 90, 40);
    expect(await depositRow(suite, fd.id)).toMatchObject({ days_accrued: 40, accrued: c40 });
    expect(await balanceOf(suite, await fdAccountId(fd.id))).toBe(10_000_000n + c40);
    // Caught up: running again posts nothing.
    await accrueAll(suite.app.deps);
    expect(await accruals(fd.id)).toHaveLength(40);
  });

  it('a long outage is caught up by one run, committing as it goes, and a stop is honoured', async () => {
    const plan = await addPlan(suite, { termCount: 500, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 10_000_000n);
    const fd = await open(c, plan.id, '20000');
    clock.advance(450 * DAY);
    // A worker that is stopping gives up before touching anything.
    expect(await accrueAll(suite.app.deps, AbortSignal.abort())).toBe(0);
    expect(await accruals(fd.id)).toEqual([]);
    await accrueAll(suite.app.deps);
    const entries = await accruals(fd.id);
    expect(entries).toHaveLength(450);
    expect(new Set(entries.map((e) => e.key)).size).toBe(450);
    expect(await depositRow(suite, fd.id)).toMatchObject({
      status: 'active',
      days_accrued: 450,
      accrued: accruedAfter(2_000_000n, 300, 500, 450),
    });
  });

  it('a year of daily runs pays principal plus interest to the cent, in one entry, at maturity', async () => {
    const plan = await addPlan(suite, { termCount: 12, termUnit: 'months', rateBp: 437 });
    const c = await customerWith(suite, 2_000_000n);
    const principal = 1_234_567n;
    const fd = await open(c, plan.id, '12345.67');
    const interest = interestForDays(principal, 437, fd.termDays);
    const currentBefore = await balanceOf(suite, c.currentAccountId);
    const account = await fdAccountId(fd.id);

    for (let day = 1; day < fd.termDays; day++) {
      clock.advance(DAY);
      await accrueAll(suite.app.deps);
    }
    // The day before maturity: every day but the last accrued, nothing paid out.
    const eve = await depositRow(suite, fd.id);
    expect(eve).toMatchObject({ status: 'active', days_accrued: fd.termDays - 1 });
    expect(eve.accrued).toBe(accruedAfter(principal, 437, fd.termDays, fd.termDays - 1));
    expect(await balanceOf(suite, c.currentAccountId)).toBe(currentBefore);

    clock.advance(DAY);
    expect(clock.now().toISOString().slice(0, 10)).toBe(fd.maturityDate);
    await accrueAll(suite.app.deps);
    const matured = await depositRow(suite, fd.id);
    expect(matured).toMatchObject({
      status: 'matured',
      days_accrued: fd.termDays,
      accrued: interest,
      interest_at_maturity: interest,
      matured_at: clock.now(),
    });
    const accrualEntries = await accruals(fd.id);
    const paid = accrualEntries.reduce((sum, e) => sum + BigInt(e.postings[1]?.amount ?? 0), 0n);
    expect(paid).toBe(interest);
    expect(accrualEntries.length).toBe(fd.termDays);

    const payout = await entriesWithKeyPrefix(suite, `fd:${fd.id}:mature`);
    expect(payout).toHaveLength(1);
    expect(payout[0]).toMatchObject({
      id: matured.payout_entry_id,
      kind: 'fixed_deposit_maturity',
      actor: 'system',
      memo: `Fixed deposit matured: ${plan.name}`,
      postings: [
        { accountId: String(account), amount: String(-(principal + interest)) },
        { accountId: String(c.currentAccountId), amount: String(principal + interest) },
      ],
    });
    expect(await balanceOf(suite, c.currentAccountId)).toBe(currentBefore + principal + interest);
    expect(await balanceOf(suite, account)).toBe(0n);
    expect((await c.client.get(OPEN)).json().items[0]).toMatchObject({
      status: 'matured',
      accrued: String(interest),
    });

    const notes = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notes[0].title).toBe('Fixed deposit matured');
    const money = (m: bigint) =>
      `$${(m / 100n).toLocaleString('en-US')}.${String(m % 100n).padStart(2, '0')}`;
    expect(notes[0].body).toContain(`${money(principal)} plus ${money(interest)} interest`);
    expect(notes[0].body).toContain(`${money(principal + interest)} in all`);
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Fixed deposit matured');
    expect(mail?.text).toContain(money(principal + interest));

    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
    // Afterwards the job moves nothing for it.
    clock.advance(3 * DAY);
    await accrueAll(suite.app.deps);
    expect(await accruals(fd.id)).toHaveLength(fd.termDays);
    expect(await entriesWithKeyPrefix(suite, `fd:${fd.id}:mature`)).toHaveLength(1);
  });

  it('counts days that earn under half a cent without posting them, to the same total', async () => {
    const plan = await addPlan(suite, {
      termCount: 30,
      termUnit: 'days',
      rateBp: 100,
      minAmount: 100n,
    });
    const c = await customerWith(suite, 100_000n);
    const fd = await open(c, plan.id, '100');
    // 10,000 × 1 % is 0.274 cents a day: 8 cents over 30 days, on 8 of them.
    clock.advance(30 * DAY);
    await accrueAll(suite.app.deps);
    const entries = await accruals(fd.id);
    const interest = interestForDays(10_000n, 100, 30);
    expect(interest).toBe(8n);
    expect(entries).toHaveLength(8);
    expect(entries.every((e) => e.postings[1]?.amount === '1')).toBe(true);
    expect(await depositRow(suite, fd.id)).toMatchObject({
      status: 'matured',
      days_accrued: 30,
      accrued: 8n,
    });
    expect(await balanceOf(suite, c.currentAccountId)).toBe(100_000n + 8n);
  });

  it('a deposit in months runs to the same day, or the month’s last day', async () => {
    moveTo('2032-01-31T22:30:00Z');
    const plan = await addPlan(suite, { termCount: 1, termUnit: 'months', rateBp: 1200 });
    const c = await customerWith(suite, 1_000_000n);
    const fd = await open(c, plan.id, '5000');
    // A leap year: 31 January plus one month is 29 February.
    expect(fd).toMatchObject({ maturityDate: '2032-02-29', termDays: 29 });
    moveTo('2032-02-28T23:59:00Z');
    await accrueAll(suite.app.deps);
    expect(await depositRow(suite, fd.id)).toMatchObject({ status: 'active', days_accrued: 28 });
    moveTo('2032-02-29T00:01:00Z');
    await accrueAll(suite.app.deps);
    const interest = interestForDays(500_000n, 1200, 29);
    expect(await depositRow(suite, fd.id)).toMatchObject({
      status: 'matured',
      accrued: interest,
    });
    expect(await balanceOf(suite, c.currentAccountId)).toBe(500_000n + 500_000n + interest);
  });

  it('a deposit that cannot be paid out stays as it was and does not hold up the others', async () => {
    const plan = await addPlan(suite, { termCount: 10, termUnit: 'days', rateBp: 800 });
    // Opened from a crypto request by a customer with no current account: nowhere to pay into.
    const stranded = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    const request = await cryptoFixedDepositRequest(suite, stranded.userId, plan.id, 20_000n);
    const { fixedDepositId } = await suite.database.db.transaction().execute((trx) =>
      openFixedDeposit(trx, suite.app.deps, {
        userId: stranded.userId,
        planId: BigInt(plan.id),
        principal: 20_000n,
        funding: { kind: 'crypto', requestId: request, actor: 'staff:1' },
      }),
    );
    const c = await customerWith(suite, 100_000n);
    const fd = await open(c, plan.id, '300');
    clock.advance(10 * DAY);

    const run = accrueAll(suite.app.deps);
    await expect(run).rejects.toThrow(`Fixed deposits not brought up to date: ${fixedDepositId}`);
    // The other deposit matured; the stranded one kept nothing of its failed run.
    expect(await depositRow(suite, fd.id)).toMatchObject({ status: 'matured', days_accrued: 10 });
    expect(await depositRow(suite, fixedDepositId)).toMatchObject({
      status: 'active',
      days_accrued: 0,
      accrued: 0n,
    });
    expect(await accruals(String(fixedDepositId))).toEqual([]);

    // Once the account is open, the next run catches up and pays out.
    const current = await openCustomerAccount(suite.database.db, {
      ownerId: stranded.userId,
      kind: 'customer_current',
      currency: 'USD',
      name: 'Mary Jackson',
    });
    await accrueAll(suite.app.deps);
    const interest = interestForDays(20_000n, 800, 10);
    expect(await depositRow(suite, fixedDepositId)).toMatchObject({
      status: 'matured',
      accrued: interest,
    });
    expect(await balanceOf(suite, current.id)).toBe(20_000n + interest);
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });
});
