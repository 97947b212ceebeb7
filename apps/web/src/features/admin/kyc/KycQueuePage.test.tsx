import type { KycQueueItem } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEWER = staffMe(['kyc.review']);

function item(overrides: Partial<KycQueueItem>): KycQueueItem {
  return {
    id: '7',
    submittedAt: '2026-11-20T09:30:00.000Z',
    documentType: 'Passport',
    country: 'GH',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    status: 'approved',
    reviewedAt: '2026-11-21T10:15:00.000Z',
    reviewedBy: 'Grace Hopper',
    declineReason: null,
    ...overrides,
  };
}

const AMA = item({});
const LUC = item({
  id: '9',
  firstName: 'Luc',
  lastName: 'Moreau',
  email: 'luc@example.com',
  status: 'declined',
  reviewedBy: 'Alan Turing',
  declineReason: 'The document has expired',
});
const EDSGER = item({ id: '3', firstName: 'Edsger', lastName: 'Dijkstra', email: 'ed@ex.nl' });

const QUEUE = '/api/v1/staff/kyc/queue';

function staffApi(answers: Record<string, { items: KycQueueItem[]; nextCursor: string | null }>) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: REVIEWER } };
    const answer = answers[path];
    return answer ? { status: 200, body: answer } : problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

describe('the identity checks history', () => {
  it('shows each decision with who made it and when, on its own tab', async () => {
    staffApi({
      [`${QUEUE}?status=pending`]: { items: [], nextCursor: null },
      [`${QUEUE}?status=approved`]: { items: [AMA], nextCursor: null },
      [`${QUEUE}?status=declined`]: { items: [LUC], nextCursor: null },
    });
    renderRoute('/admin/kyc');
    expect(await screen.findByText('No identity checks are waiting.')).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Approved' }));
    const approved = await screen.findByRole('table', {
      name: 'Identity checks approved, newest decision first',
    });
    const row = within(within(approved).getAllByRole('row')[1] as HTMLElement);
    expect(row.getByRole('link', { name: 'Ama Mensah' }).getAttribute('href')).toBe('/admin/kyc/7');
    expect(row.getByText('Grace Hopper')).toBeTruthy();
    expect(row.getByText('21/11/2026', { exact: false })).toBeTruthy();
    expect(within(approved).getByRole('columnheader', { name: 'Reviewed by' })).toBeTruthy();
    expect(within(approved).queryByRole('columnheader', { name: 'Reason given' })).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Declined' }));
    const declined = await screen.findByRole('table', {
      name: 'Identity checks declined, newest decision first',
    });
    expect(within(declined).getByText('The document has expired')).toBeTruthy();
    expect(within(declined).getByText('Alan Turing')).toBeTruthy();
    // The phone's cards say the same.
    const cards = within(
      screen.getByRole('list', { name: 'Identity checks declined, newest decision first' }),
    );
    expect(cards.getByText('The document has expired')).toBeTruthy();
    expect(cards.getByText('Reviewed by')).toBeTruthy();
  });

  it('searches the tab shown, keeps the search in the address, and clears it', async () => {
    const fetchMock = staffApi({
      [`${QUEUE}?status=approved`]: { items: [AMA, EDSGER], nextCursor: null },
      [`${QUEUE}?status=approved&q=mensah`]: { items: [AMA], nextCursor: null },
      [`${QUEUE}?status=approved&q=nobody`]: { items: [], nextCursor: null },
    });
    const router = renderRoute('/admin/kyc?status=approved');
    expect(await screen.findByText('2 approved, newest decision first')).toBeTruthy();
    const search = within(screen.getByRole('search', { name: 'Search identity checks' }));
    await userEvent.type(search.getByRole('searchbox', { name: 'Search' }), 'mensah');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 approved, newest decision first')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=approved&q=mensah');
    expect(callsTo(fetchMock, `${QUEUE}?status=approved&q=mensah`)).toHaveLength(1);

    const box = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.clear(box);
    await userEvent.type(box, 'nobody{Enter}');
    expect(
      await screen.findByText('Nothing here matches the search. Clear it to see the whole list.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('2 approved, newest decision first')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=approved');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('reads older decisions a page at a time', async () => {
    const fetchMock = staffApi({
      [`${QUEUE}?status=approved`]: { items: [AMA], nextCursor: 'c1' },
      [`${QUEUE}?status=approved&cursor=c1`]: { items: [EDSGER], nextCursor: null },
    });
    renderRoute('/admin/kyc?status=approved');
    expect(
      await screen.findByText('The first 1 approved, newest decision first; more below.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('2 approved, newest decision first')).toBeTruthy();
    const table = screen.getByRole('table', { name: /approved/ });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ama Mensah', 'Edsger Dijkstra']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(callsTo(fetchMock, `${QUEUE}?status=approved&cursor=c1`)).toHaveLength(1);
  });
});
