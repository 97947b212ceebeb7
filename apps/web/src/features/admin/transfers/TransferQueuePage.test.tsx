import type { Me, StaffTransfer } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { queueApi, queueItems, staffMe, staffTransferSample } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROCESSOR = staffMe(['transfers.process']);

const TO_BERLIN = staffTransferSample();

const TO_LYON: StaffTransfer = {
  ...TO_BERLIN,
  id: '44',
  bank: 'Crédit Lyonnais',
  swift: 'CRLYFRPP',
  country: 'FR',
  accountHolderName: 'Camille Durand',
  currency: 'EUR',
  amount: '250000',
  fee: '12500',
  feeRateBp: 500,
  amountReceived: '237500',
  submittedAt: '2026-11-21T10:00:00.000Z',
  customer: { id: '40', name: 'Luc Moreau', email: 'luc@ex.fr', accountNumber: '4000000025' },
};

const queuePath = (status: string) => `/api/v1/staff/transfers?status=${status}`;

const staffApi = (queues: Record<string, () => FakeResponse>, me: Me = PROCESSOR) =>
  queueApi(me, queuePath, queues);

const items = queueItems<StaffTransfer>;

describe('the outgoing transfers queue (staff)', () => {
  it('lists the transfers in progress, what each recipient gets, each linking to its page', async () => {
    const fetchMock = staffApi({ in_progress: items(TO_BERLIN, TO_LYON) });
    renderRoute('/admin/transfers');
    expect(await screen.findByRole('heading', { name: 'Outgoing transfers' })).toBeTruthy();
    expect(await screen.findByText('2 transfers in progress, oldest first')).toBeTruthy();
    expect(document.title).toBe('Outgoing transfers · Cedar Bank');
    expect(callsTo(fetchMock, queuePath('in_progress'))).toHaveLength(1);

    const table = screen.getByRole('table', { name: 'In progress transfers, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row));
    const link = first?.getByRole('link', { name: 'Transfer 41: Ama Mensah' });
    expect(link?.getAttribute('href')).toBe('/admin/transfers/41');
    expect(first?.getByText('ama@example.com')).toBeTruthy();
    expect(first?.getByText('Jonas Weber')).toBeTruthy();
    expect(first?.getByText('Deutsche Bank, Germany')).toBeTruthy();
    // What goes out is the amount after the service charge, in the transfer's currency.
    expect(first?.getByText('$900.00')).toBeTruthy();
    expect(first?.queryByText('$1,000.00')).toBeNull();
    expect(first?.getByText('20/11/2026', { exact: false })).toBeTruthy();
    expect(second?.getByRole('link', { name: 'Transfer 44: Luc Moreau' })).toBeTruthy();
    expect(second?.getByText('Crédit Lyonnais, France')).toBeTruthy();
    expect(second?.getByText('€2,375.00')).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Decided' })).toBeNull();

    // The phone layout carries the same transfers as cards.
    const cards = within(screen.getByRole('list', { name: 'In progress transfers, oldest first' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    expect(cards.getByRole('link', { name: 'Transfer 44: Luc Moreau' })).toBeTruthy();
    // The amount beside the link is named for a screen reader, as the table's column names it.
    expect(cards.getAllByRole('listitem')[0]?.textContent).toContain('Recipient gets $900.00');

    const nav = within(screen.getByRole('navigation', { name: 'Transfers by status' }));
    expect(nav.getByRole('link', { name: 'In progress' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('shows the successful and the failed transfers on their own tabs, internal ones marked', async () => {
    const internal = {
      ...TO_BERLIN,
      id: '45',
      internal: true,
      status: 'successful' as const,
      bank: 'Cedar Bank',
      decidedAt: '2026-11-22T08:00:00.000Z',
      decidedBy: 'Grace Hopper',
      reference: 'CEDAR-2026-0045',
    };
    const fetchMock = staffApi({
      in_progress: items(TO_BERLIN),
      successful: items(internal),
      failed: items(),
    });
    const router = renderRoute('/admin/transfers');
    await screen.findByText('1 transfer in progress, oldest first');
    await userEvent.click(screen.getByRole('link', { name: 'Successful' }));
    expect(await screen.findByText('1 successful transfer, newest decision first')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=successful');
    expect(callsTo(fetchMock, queuePath('successful'))).toHaveLength(1);
    const table = screen.getByRole('table', {
      name: 'Successful transfers, newest decision first',
    });
    const row = within(within(table).getAllByRole('row')[1] as HTMLElement);
    expect(row.getByRole('link', { name: 'Transfer 45: Ama Mensah' })).toBeTruthy();
    expect(row.getByText('Internal')).toBeTruthy();
    expect(row.getByText('22/11/2026', { exact: false })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Decided' })).toBeTruthy();
    // Who decided (under when), and the reference the payment went out with, whole in its title.
    expect(row.getByText('by Grace Hopper')).toBeTruthy();
    expect(row.getByText('CEDAR-2026-0045').getAttribute('title')).toBe('CEDAR-2026-0045');
    expect(screen.getByRole('link', { name: 'Successful' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      screen.getByRole('link', { name: 'In progress' }).getAttribute('aria-current'),
    ).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Failed' }));
    expect(await screen.findByText('No transfer has been marked failed yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the transfers their customers cancelled on a tab of their own, refunded, by the customer', async () => {
    const cancelled = {
      ...TO_BERLIN,
      id: '46',
      status: 'cancelled' as const,
      decidedAt: '2026-11-22T09:00:00.000Z',
      decidedBy: null,
    };
    staffApi({ in_progress: items(TO_BERLIN), cancelled: items(cancelled) });
    renderRoute('/admin/transfers');
    await screen.findByText('1 transfer in progress, oldest first');
    await userEvent.click(screen.getByRole('link', { name: 'Cancelled' }));
    expect(await screen.findByText('1 cancelled transfer, newest first')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Cancelled transfers, newest first' });
    const row = within(within(table).getAllByRole('row')[1] as HTMLElement);
    expect(row.getByText('Amount and charge back to the customer')).toBeTruthy();
    expect(row.getByText('by the customer')).toBeTruthy();
  });

  it('says when nothing is waiting', async () => {
    staffApi({ in_progress: items() });
    renderRoute('/admin/transfers');
    expect(await screen.findByText('No transfers are waiting to be sent.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads an unknown status in the address as in progress', async () => {
    const fetchMock = staffApi({ in_progress: items(TO_BERLIN) });
    renderRoute('/admin/transfers?status=everything');
    expect(await screen.findByText('1 transfer in progress, oldest first')).toBeTruthy();
    expect(callsTo(fetchMock, queuePath('in_progress'))).toHaveLength(1);
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    staffApi({
      in_progress: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: { items: [TO_BERLIN], nextCursor: null } },
    });
    renderRoute('/admin/transfers');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 transfer in progress, oldest first')).toBeTruthy();
  });

  it('is in the staff menu for holders of the permission', async () => {
    staffApi({ in_progress: items() });
    const router = renderRoute('/admin/transfers');
    expect(await screen.findByRole('heading', { name: 'Outgoing transfers' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/transfers');
    const nav = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(nav.getByRole('link', { name: 'Outgoing transfers' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('tells staff without the transfers role plainly, asking nothing of the API', async () => {
    const fetchMock = staffApi({}, { ...PROCESSOR, permissions: ['funding.review'] });
    renderRoute('/admin/transfers');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(callsTo(fetchMock, queuePath('in_progress'))).toHaveLength(0);
    const nav = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(nav.queryByRole('link', { name: 'Outgoing transfers' })).toBeNull();
  });
});
