import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';
import { searchItem } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MANAGER = staffMe(['customers.manage']);
const SEARCH = '/api/v1/staff/customers';

/** The fake search: `answer` by the query string the page sent. */
function searchApi(answer: (params: URLSearchParams) => { status: number; body?: unknown }) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: MANAGER } };
    if (path.startsWith(`${SEARCH}?`) || path === SEARCH) {
      return answer(new URLSearchParams(path.split('?')[1] ?? ''));
    }
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

const results = (items: unknown[], nextCursor: string | null = null) => ({
  status: 200,
  body: { items, nextCursor },
});

/** The table's rows (from tablet width) as the text of each cell. */
function rows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim()));
}

describe('finding a customer', () => {
  it('lists the newest customers with their standing before any search', async () => {
    searchApi(() =>
      results([
        searchItem({ freeze: 'debits', restricted: true }),
        searchItem({
          id: '32',
          firstName: 'Kofi',
          lastName: 'Boateng',
          email: 'kofi@example.com',
          username: 'kofib',
          accountNumber: null,
          phone: null,
          kycStatus: 'pending',
        }),
      ]),
    );
    renderRoute('/admin/customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeTruthy();
    expect(document.title).toBe('Customers · Cedar Bank');
    expect(screen.getByRole('heading', { level: 2, name: 'Newest customers' })).toBeTruthy();
    await screen.findByRole('table');
    const [ama, kofi] = rows();
    expect(ama?.[0]).toBe('Ama Mensahama@example.com');
    expect(ama?.[2]).toBe('4000000017');
    expect(ama?.[4]).toBe('Identity verifiedDebits frozenRestricted');
    expect(kofi?.[2]).toContain('No account yet');
    expect(kofi?.[4]).toBe('Identity check waiting');
    const link = within(screen.getByRole('table')).getByRole('link', { name: 'Ama Mensah' });
    expect(link.getAttribute('href')).toBe('/admin/customers/31');
  });

  it('searches with the one box, keeps the search in the address, and says when nothing matches', async () => {
    const fetchMock = searchApi((params) =>
      params.get('q') === '4000000017' ? results([searchItem()]) : results([]),
    );
    const user = userEvent.setup();
    const router = renderRoute('/admin/customers');
    const box = await screen.findByRole('searchbox', { name: /^Search customers/ });
    await user.type(box, ' 4000000017 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Customers matching “4000000017”' }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?q=4000000017');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(callsTo(fetchMock, `${SEARCH}?q=4000000017&limit=20`)).toHaveLength(1);

    await user.clear(box);
    await user.type(box, 'nobody at all');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        'No customer matches “nobody at all”. Check the spelling, or search by their email, phone or account number.',
      ),
    ).toBeTruthy();
  });

  it('shows more customers on request, after the ones already shown', async () => {
    const fetchMock = searchApi((params) =>
      params.get('cursor') === '31'
        ? results([searchItem({ id: '30', firstName: 'Efua', email: 'efua@example.com' })])
        : results([searchItem()], '31'),
    );
    const user = userEvent.setup();
    renderRoute('/admin/customers?q=mensah');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Show more customers' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]?.[0]).toBe('Efua Mensahefua@example.com');
    expect(callsTo(fetchMock, `${SEARCH}?q=mensah&cursor=31&limit=20`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more customers' })).toBeNull();
  });

  it('says so when there are no customers yet, and offers a retry when the search fails', async () => {
    let failing = true;
    searchApi(() => (failing ? problem(500, 'INTERNAL', 'Internal Server Error') : results([])));
    const user = userEvent.setup();
    renderRoute('/admin/customers');
    expect(await screen.findByRole('alert')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No customers yet: they appear here as soon as they sign up.'),
    ).toBeTruthy();
  });

  it('tells staff without customers.manage that the area is not theirs', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: staffMe(['kyc.review']) } }
        : problem(403, 'FORBIDDEN', 'You do not have permission to do this.'),
    );
    renderRoute('/admin/customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
  });
});
