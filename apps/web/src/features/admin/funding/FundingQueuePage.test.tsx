import type { StaffFundingItem } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { queueApi, queueItems, staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEWER = staffMe(['funding.review']);

const customer = {
  id: '31',
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'ama@example.com',
  username: 'amensah',
};

const DEPOSIT: StaffFundingItem = {
  id: '12',
  kind: 'deposit',
  paidFrom: 'crypto',
  type: 'Bitcoin',
  transactionId: null,
  subject: null,
  claimedAmount: '150000',
  currency: 'USD',
  status: 'pending',
  createdAt: '2026-11-20T09:30:00.000Z',
  customer,
  receivedAmount: null,
  declineReason: null,
  decidedAt: null,
  decidedBy: null,
  sameTransactionIdOn: [],
  proposal: null,
};

const FIXED_DEPOSIT: StaffFundingItem = {
  ...DEPOSIT,
  id: '14',
  kind: 'fixed_deposit',
  type: 'USDT',
  subject: 'Gold 12 months',
  claimedAmount: '2500000',
  createdAt: '2026-11-21T10:00:00.000Z',
  customer: { ...customer, id: '40', firstName: 'Luc', lastName: 'Moreau', email: 'luc@ex.fr' },
};

const queuePath = (status: string) => `/api/v1/staff/funding/queue?status=${status}`;

const staffApi = (queues: Record<string, () => FakeResponse>) =>
  queueApi(REVIEWER, queuePath, queues);

const items = queueItems<StaffFundingItem>;

describe('the funding queue (staff)', () => {
  it('lists the pending requests, each linking to its review', async () => {
    const fetchMock = staffApi({ pending: items(DEPOSIT, FIXED_DEPOSIT) });
    renderRoute('/admin/funding');
    expect(await screen.findByRole('heading', { name: 'Funding requests' })).toBeTruthy();
    expect(await screen.findByText('2 pending requests, oldest first')).toBeTruthy();
    expect(callsTo(fetchMock, queuePath('pending'))).toHaveLength(1);

    const table = screen.getByRole('table', { name: 'Pending requests, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row));
    const link = first?.getByRole('link', { name: 'Deposit 12: Ama Mensah' });
    expect(link?.getAttribute('href')).toBe('/admin/funding/12');
    expect(first?.getByText('ama@example.com')).toBeTruthy();
    expect(first?.getByText('Bitcoin')).toBeTruthy();
    expect(first?.getByText('$1,500.00')).toBeTruthy();
    // A deposit has no purpose or plan; the cell says so to a screen reader.
    expect(first?.getByText('None')).toBeTruthy();
    expect(first?.getByText('20/11/2026', { exact: false })).toBeTruthy();
    expect(second?.getByRole('link', { name: 'Fixed deposit 14: Luc Moreau' })).toBeTruthy();
    expect(second?.getByText('Gold 12 months')).toBeTruthy();
    expect(second?.getByText('$25,000.00')).toBeTruthy();

    // The phone layout carries the same requests as cards, the plan named as such.
    const cards = within(screen.getByRole('list', { name: 'Pending requests, oldest first' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    expect(cards.getByRole('link', { name: 'Fixed deposit 14: Luc Moreau' })).toBeTruthy();
    expect(cards.getByText('Plan')).toBeTruthy();

    const nav = within(screen.getByRole('navigation', { name: 'Requests by status' }));
    expect(nav.getByRole('link', { name: 'Pending' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the confirmed and the declined requests on their own tabs', async () => {
    const declined = {
      ...DEPOSIT,
      id: '9',
      status: 'declined' as const,
      declineReason: 'Nothing arrived at the address',
      decidedAt: '2026-11-22T08:00:00.000Z',
      decidedBy: 'Grace Hopper',
    };
    const fetchMock = staffApi({
      pending: items(DEPOSIT),
      declined: items(declined),
      confirmed: items(),
    });
    const router = renderRoute('/admin/funding');
    await screen.findByText('1 pending request, oldest first');
    await userEvent.click(screen.getByRole('link', { name: 'Declined' }));
    expect(await screen.findByText('1 declined request, newest decision first')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=declined');
    expect(callsTo(fetchMock, queuePath('declined'))).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Declined requests, newest decision first' });
    expect(within(table).getByRole('link', { name: 'Deposit 9: Ama Mensah' })).toBeTruthy();
    // The decision: why, by whom and when.
    const row = within(within(table).getAllByRole('row')[1] as HTMLElement);
    expect(row.getByText('Nothing arrived at the address')).toBeTruthy();
    // When and by whom, in one column (and the submission only on a wide screen).
    expect(row.getByText('by Grace Hopper')).toBeTruthy();
    expect(row.getByText('22/11/2026', { exact: false })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Decided' })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Decided by' })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Submitted' }).className).toContain(
      'xl:table-cell',
    );
    expect(screen.getByRole('link', { name: 'Declined' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Pending' }).getAttribute('aria-current')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Confirmed' }));
    expect(await screen.findByText('No request has been confirmed yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    staffApi({ pending: items() });
    renderRoute('/admin/funding');
    expect(await screen.findByText('No requests are waiting.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads an unknown status in the address as pending', async () => {
    const fetchMock = staffApi({ pending: items(DEPOSIT) });
    renderRoute('/admin/funding?status=everything');
    expect(await screen.findByText('1 pending request, oldest first')).toBeTruthy();
    expect(callsTo(fetchMock, queuePath('pending'))).toHaveLength(1);
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    staffApi({
      pending: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: { items: [DEPOSIT], nextCursor: null } },
    });
    renderRoute('/admin/funding');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 pending request, oldest first')).toBeTruthy();
  });

  it('tells staff without the funding role plainly, asking nothing of the API', async () => {
    const fetchMock = mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: { ...REVIEWER, permissions: ['kyc.review'] } } }
        : problem(403, 'FORBIDDEN', 'No'),
    );
    renderRoute('/admin/funding');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(callsTo(fetchMock, queuePath('pending'))).toHaveLength(0);
  });

  it('searches by amount as staff type it, and refuses one that is not an amount', async () => {
    const fetchMock = staffApi({
      pending: items(DEPOSIT, FIXED_DEPOSIT),
      'pending&amount=1500': items(DEPOSIT),
    });
    const router = renderRoute('/admin/funding');
    expect(await screen.findByText('2 pending requests, oldest first')).toBeTruthy();
    const search = within(screen.getByRole('search', { name: 'Search funding requests' }));
    const amount = search.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(amount, '12.345');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Use an amount such as 250 or 250.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('');

    await userEvent.clear(amount);
    await userEvent.type(amount, '$1,500');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 pending request, oldest first')).toBeTruthy();
    expect(router.state.location.search).toBe('?amount=1500');
    expect(callsTo(fetchMock, queuePath('pending&amount=1500'))).toHaveLength(1);
  });
});
