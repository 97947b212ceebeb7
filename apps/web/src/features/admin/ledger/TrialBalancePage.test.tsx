import type { LedgerCheck, TrialBalance } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FINANCE = staffMe(['ledger.trial_balance']);
const TB = '/api/v1/staff/trial-balance';
const CHECKS = '/api/v1/staff/ledger-checks';
const ACCOUNTS = `${TB}/customer-accounts`;

const CHECK: LedgerCheck = {
  id: '12',
  startedAt: '2026-11-21T11:50:00.000Z',
  finishedAt: '2026-11-21T11:50:01.000Z',
  durationMs: 840,
  ok: true,
  violations: 0,
  detail: [],
  totals: [{ currency: 'USD', balance: '0' }],
  counts: { accounts: 9, entries: 40, postings: 82 },
  trigger: 'schedule',
  runBy: null,
};

const BALANCES: TrialBalance = {
  asOf: '2026-11-21T12:00:00.000Z',
  currencies: [
    {
      currency: 'USD',
      internal: [
        {
          id: '1',
          accountNumber: '9000000001',
          kind: 'crypto_deposit_clearing',
          label: 'Crypto deposits clearing',
          name: 'crypto deposit clearing USD',
          balance: '-17505100',
          credits: '0',
          debits: '17505100',
        },
        {
          id: '3',
          accountNumber: '9000000003',
          kind: 'fee_income',
          label: 'Fee income',
          name: 'fee income USD',
          balance: '125000',
          credits: '125000',
          debits: '0',
        },
      ],
      customers: [
        {
          kind: 'customer_current',
          label: 'Customer current accounts',
          accounts: 3,
          balance: '12380100',
        },
        {
          kind: 'customer_fixed_deposit',
          label: 'Customer fixed deposits',
          accounts: 1,
          balance: '5000000',
        },
      ],
      total: '0',
      zero: true,
    },
  ],
  latestCheck: CHECK,
  checkEveryMinutes: 15,
};

const ACCOUNT_PAGE = {
  items: [
    {
      id: '21',
      accountNumber: '4000000017',
      kind: 'customer_current',
      label: 'Customer current accounts',
      currency: 'USD',
      balance: '150000',
      holder: { id: '31', name: 'Ama Mensah' },
    },
  ],
  nextCursor: null,
};

function ledgerApi(answers: Record<string, (body: unknown) => FakeResponse> = {}) {
  return mockFetch((path, body) => {
    const custom = answers[path];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: FINANCE } };
    if (path === TB) return { status: 200, body: BALANCES };
    if (path === CHECKS) return { status: 200, body: { items: [CHECK] } };
    if (path === ACCOUNTS) return { status: 200, body: ACCOUNT_PAGE };
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

describe('the trial balance', () => {
  it("lists every account's balance by currency, with the sum reading 0.00 and the verdict", async () => {
    ledgerApi();
    renderRoute('/admin/trial-balance');
    expect(await screen.findByRole('heading', { name: 'Trial balance', level: 1 })).toBeTruthy();
    const usd = within(await screen.findByRole('table', { name: 'Trial balance in USD' }));
    const rows = usd.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'AccountNumberBalance (USD)',
      'The bank’s own accounts',
      'Crypto deposits clearing9000000001−175,051.00',
      'Fee income90000000031,250.00',
      'Customers’ accounts',
      'Customer current accounts3 accounts123,801.00',
      'Customer fixed deposits1 account50,000.00',
      'Sum of every USD account0.00',
    ]);
    expect(screen.getByText('OK: the USD accounts sum to zero.')).toBeTruthy();
    const verdict = within(screen.getByRole('region', { name: 'Checker’s verdict' }));
    expect(verdict.getByText('OK: the last check found no violations.')).toBeTruthy();
    expect(verdict.getByText('21/11/2026, 11:50 UTC')).toBeTruthy();
    const recent = within(await screen.findByRole('region', { name: 'Recent checks' }));
    expect(recent.getByText('840 ms')).toBeTruthy();
    expect(recent.getByText('Every 15 minutes')).toBeTruthy();
  });

  it('says plainly when the books are out of balance, with what the checker found', async () => {
    ledgerApi({
      [TB]: () => ({
        status: 200,
        body: {
          ...BALANCES,
          currencies: [{ ...BALANCES.currencies[0], total: '7', zero: false }],
          latestCheck: {
            ...CHECK,
            ok: false,
            violations: 2,
            detail: [
              { rule: 'cached_balance_mismatch', detail: 'account 21 caches 150007' },
              { rule: 'trial_balance_not_zero', detail: 'USD sums to 7' },
            ],
          },
        },
      }),
    });
    renderRoute('/admin/trial-balance');
    expect(
      await screen.findByText('Violation: the USD accounts sum to 0.07, not zero.'),
    ).toBeTruthy();
    expect(screen.getByText('Violation: the last check found 2 violations.')).toBeTruthy();
    expect(screen.getByText('cached_balance_mismatch')).toBeTruthy();
    expect(screen.getByText(/USD sums to 7/)).toBeTruthy();
  });

  it('runs a check now and shows its verdict; one already running is said so', async () => {
    let running = false;
    const fetchMock = ledgerApi();
    // The same path answers a GET (the list) and a POST (a check run now).
    const listOrRun = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (path: string, init: RequestInit = {}) => {
      if (path !== CHECKS || init.method !== 'POST') return listOrRun?.(path, init) as never;
      const answer = running
        ? problem(
            409,
            'CONFLICT',
            'A ledger check is running now. Its result appears here when it ends.',
          )
        : {
            status: 201,
            body: { ...CHECK, id: '13', trigger: 'staff', runBy: 'Grace Hopper', durationMs: 910 },
          };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: {
          'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json',
        },
      });
    });
    renderRoute('/admin/trial-balance');
    const run = await screen.findByRole('button', { name: 'Run a check now' });
    await userEvent.click(run);
    expect(await screen.findByText('The check found no violations (910 ms).')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(
      ([path, init]) => path === CHECKS && (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(posts).toHaveLength(1);
    expect(new Headers((posts[0]?.[1] as RequestInit).headers).get('x-bank-csrf')).toBe('1');
    // The page is read again after the check.
    await waitFor(() => expect(callsTo(fetchMock, TB).length).toBeGreaterThanOrEqual(2));

    running = true;
    await userEvent.click(screen.getByRole('button', { name: 'Run a check now' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A ledger check is running now.',
    );
  });

  it("searches customers' accounts by number or name, currency and kind", async () => {
    const fetchMock = ledgerApi({
      [`${ACCOUNTS}?q=4000&currency=USD&kind=customer_current`]: () => ({
        status: 200,
        body: ACCOUNT_PAGE,
      }),
      [`${ACCOUNTS}?q=nobody`]: () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderRoute('/admin/trial-balance');
    const section = within(await screen.findByRole('region', { name: 'Customers’ accounts' }));
    const table = within(await section.findByRole('table', { name: 'Customers’ accounts' }));
    expect(table.getByText('4000000017')).toBeTruthy();
    expect(table.getByText('Ama Mensah')).toBeTruthy();
    expect(table.getByText('1,500.00 USD')).toBeTruthy();

    const form = within(section.getByRole('search', { name: 'Search customers’ accounts' }));
    await userEvent.type(form.getByRole('searchbox', { name: 'Account number or name' }), '4000');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Currency' }), 'USD');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Kind' }), 'Current accounts');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `${ACCOUNTS}?q=4000&currency=USD&kind=customer_current`),
      ).toHaveLength(1),
    );

    const box = form.getByRole('searchbox', { name: 'Account number or name' });
    await userEvent.clear(box);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Currency' }), 'All');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Kind' }), 'All');
    await userEvent.type(box, 'nobody{Enter}');
    expect(
      await section.findByText(
        'No account matches. Check the number, or search by the holder’s name.',
      ),
    ).toBeTruthy();
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    ledgerApi({
      [TB]: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: BALANCES },
    });
    renderRoute('/admin/trial-balance');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Trial balance in USD' })).toBeTruthy();
  });
});
