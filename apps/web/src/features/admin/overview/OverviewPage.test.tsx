import type { Overview, SetupStep } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HEALTHY: Overview = {
  asOf: '2026-11-21T12:00:00.000Z',
  queues: [
    {
      queue: 'kyc',
      label: 'Identity checks',
      count: 2,
      oldestAt: '2026-11-21T09:00:00.000Z',
      oldestAgeSeconds: 3 * 3600 + 120,
    },
    {
      queue: 'funding',
      label: 'Funding requests',
      count: 5,
      oldestAt: '2026-11-20T08:00:00.000Z',
      oldestAgeSeconds: 28 * 3600,
    },
    {
      queue: 'transfers',
      label: 'Outgoing transfers',
      count: 0,
      oldestAt: null,
      oldestAgeSeconds: null,
    },
    {
      queue: 'approvals',
      label: 'Approvals waiting for me',
      count: 1,
      oldestAt: '2026-11-21T11:35:00.000Z',
      oldestAgeSeconds: 25 * 60,
    },
  ],
  setup: [],
  ledger: {
    lastCheck: { at: '2026-11-21T11:50:00.000Z', ok: true, violations: 0, trigger: 'schedule' },
    stale: false,
    totals: [
      { currency: 'EUR', balance: '0', zero: true },
      { currency: 'USD', balance: '0', zero: true },
    ],
  },
};

function staffApi(permissions: string[], overview: () => FakeResponse) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') {
      return { status: 200, body: { me: staffMe(permissions as never) } };
    }
    if (path === '/api/v1/staff/overview') return overview();
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

const ok = (body: Overview) => () => ({ status: 200, body });

describe('the overview', () => {
  it('is the landing page: each queue with its count, the oldest wait and the way to it', async () => {
    staffApi(
      ['kyc.review', 'funding.review', 'transfers.process', 'ledger.trial_balance'],
      ok(HEALTHY),
    );
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    const queues = within(await screen.findByRole('region', { name: 'Queues' }));
    const cards = queues.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Identity checks',
      'Funding requests',
      'Outgoing transfers',
      'Approvals waiting for me',
    ]);
    const [kyc, funding, transfers, approvals] = cards.map((card) => within(card));
    expect(kyc?.getByRole('link', { name: 'Identity checks' }).getAttribute('href')).toBe(
      '/admin/kyc',
    );
    expect(kyc?.getByText('2')).toBeTruthy();
    // Short for the eye, in words for a screen reader.
    expect(kyc?.getByText('3 h').getAttribute('aria-hidden')).toBe('true');
    expect(kyc?.getByText('3 hours')).toBeTruthy();
    expect(funding?.getByText('28 h')).toBeTruthy();
    expect(funding?.getByText(/over a day/)).toBeTruthy();
    expect(transfers?.getByText('Nothing waiting')).toBeTruthy();
    expect(approvals?.getByText('25 min')).toBeTruthy();
    expect(
      approvals?.getByRole('link', { name: 'Approvals waiting for me' }).getAttribute('href'),
    ).toBe('/admin/approvals');
    expect(queues.getByText('21/11/2026, 12:00 UTC')).toBeTruthy();
  });

  it("shows the ledger's health: the verdict, when it was checked, each currency's sum", async () => {
    staffApi(['kyc.review', 'ledger.trial_balance'], ok(HEALTHY));
    renderRoute('/admin');
    const health = within(await screen.findByRole('region', { name: 'Ledger health' }));
    expect(health.getByText('OK: the last check found no violations.')).toBeTruthy();
    expect(health.getByText('21/11/2026, 11:50 UTC')).toBeTruthy();
    expect(health.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'EUR accounts sum to 0.00: balanced',
      'USD accounts sum to 0.00: balanced',
    ]);
    expect(health.getByRole('link', { name: 'Open the trial balance' }).getAttribute('href')).toBe(
      '/admin/trial-balance',
    );
  });

  it('says plainly when the books are out of balance or the check has stopped', async () => {
    staffApi(
      ['kyc.review'],
      ok({
        ...HEALTHY,
        ledger: {
          lastCheck: { at: '2026-11-21T09:00:00.000Z', ok: false, violations: 2, trigger: 'staff' },
          stale: true,
          totals: [{ currency: 'USD', balance: '-700', zero: false }],
        },
      }),
    );
    renderRoute('/admin');
    const health = within(await screen.findByRole('region', { name: 'Ledger health' }));
    expect(health.getByText('Violation: the last check found 2 violations.')).toBeTruthy();
    expect(health.getByText(/the periodic check may have stopped/)).toBeTruthy();
    expect(health.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'USD accounts sum to −7.00: not zero, out of balance',
    ]);
    // Without the trial balance permission, no link to it.
    expect(health.queryByRole('link', { name: 'Open the trial balance' })).toBeNull();
  });

  it('says when nothing has been checked yet, and when no queue is open to the role', async () => {
    staffApi(
      ['catalog.manage'],
      ok({ ...HEALTHY, queues: [], ledger: { lastCheck: null, stale: true, totals: [] } }),
    );
    renderRoute('/admin');
    expect(await screen.findByText(/No queue is open to your role/)).toBeTruthy();
    expect(screen.getByText('The ledger has not been checked yet.')).toBeTruthy();
    expect(screen.getByText('The ledger holds no accounts yet.')).toBeTruthy();
  });

  it('lists what is left of setting up the bank, each step with its state and its catalog page', async () => {
    const step = (over: Partial<SetupStep> & Pick<SetupStep, 'step' | 'label'>): SetupStep => ({
      neededFor: `Needed for ${over.label}.`,
      state: 'done',
      detail: 'Done.',
      approvalId: null,
      ...over,
    });
    staffApi(
      ['catalog.manage'],
      ok({
        ...HEALTHY,
        queues: [],
        setup: [
          step({
            step: 'institution',
            label: 'Institution details',
            state: 'missing',
            detail: 'Missing: the postal address.',
            neededFor: 'Needed for “To a Cedar Bank customer” on Bank Transfer.',
          }),
          step({
            step: 'crypto-type',
            label: 'A crypto type and its deposit address',
            state: 'waiting',
            detail: 'An addition waits for a second person’s approval.',
            approvalId: '41',
          }),
          step({ step: 'crypto-rate', label: 'Crypto rates', state: 'missing' }),
          step({ step: 'payment-purposes', label: 'Payment purposes', detail: 'Offered: Fees' }),
        ],
      }),
    );
    renderRoute('/admin');
    const setup = within(await screen.findByRole('region', { name: 'Set up the bank' }));
    expect(
      setup.getByText('Customers can use everything once these are done: 1 of 4 done.'),
    ).toBeTruthy();
    const steps = setup.getAllByRole('listitem').map((item) => within(item));
    expect(steps.map((s) => s.getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Institution details',
      'A crypto type and its deposit address',
      'Crypto rates',
      'Payment purposes',
    ]);
    const [institution, coin, rate, purposes] = steps;
    expect(
      institution?.getByRole('link', { name: 'Institution details' }).getAttribute('href'),
    ).toBe('/admin/catalog/institution');
    expect(institution?.getByText('Missing')).toBeTruthy();
    expect(institution?.getByText('Missing: the postal address.')).toBeTruthy();
    expect(institution?.getByText(/To a Cedar Bank customer/)).toBeTruthy();
    expect(coin?.getByText('Waiting for a second person’s approval')).toBeTruthy();
    expect(coin?.getByRole('link', { name: 'Open proposal 41' }).getAttribute('href')).toBe(
      '/admin/approvals/41',
    );
    expect(rate?.getByRole('link', { name: 'Crypto rates' }).getAttribute('href')).toBe(
      '/admin/catalog/crypto-types',
    );
    expect(purposes?.getByText('Done')).toBeTruthy();
    expect(purposes?.queryByRole('link', { name: /Open proposal/ })).toBeNull();
  });

  it('shows no checklist once every step is done, nor to someone who manages none of it', async () => {
    const done: SetupStep = {
      step: 'payment-purposes',
      label: 'Payment purposes',
      neededFor: 'Needed for Make payment.',
      state: 'done',
      detail: 'Offered: Fees',
      approvalId: null,
    };
    staffApi(['catalog.manage'], ok({ ...HEALTHY, setup: [done] }));
    renderRoute('/admin');
    expect(await screen.findByRole('region', { name: 'Queues' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Set up the bank' })).toBeNull();
    cleanup();
    staffApi(['kyc.review'], ok(HEALTHY));
    renderRoute('/admin');
    expect(await screen.findByRole('region', { name: 'Queues' })).toBeTruthy();
    expect(screen.queryByText('Set up the bank')).toBeNull();
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    staffApi(['kyc.review'], () =>
      fail ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.') : ok(HEALTHY)(),
    );
    renderRoute('/admin');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Queues' })).toBeTruthy();
  });
});
