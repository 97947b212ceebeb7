import type { StatementChart, StatementPage } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, transaction } from '../../test-fixtures';
import { callsTo, mockFetch, problem, renderRoute, stubObjectUrls } from '../../test-utils';

beforeEach(() => {
  // jsdom measures nothing: the charts draw at no size, and the tables carry the figures.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const period = {
  from: null,
  to: null,
  opening: '0',
  closing: '150000',
  totalIn: '200000',
  totalOut: '50000',
};

function page(items: StatementPage['items'], nextCursor: string | null = null): StatementPage {
  return { items, nextCursor, period, currency: 'USD' };
}

const chart: StatementChart = {
  currency: 'USD',
  days: [
    { day: '2026-10-02', balance: '200000' },
    { day: '2026-11-03', balance: '150000' },
  ],
  months: [
    { month: '2026-10', moneyIn: '200000', moneyOut: '0' },
    { month: '2026-11', moneyIn: '0', moneyOut: '50000' },
  ],
};

const salary = transaction({
  id: '1',
  name: 'Salary October',
  date: '2026-10-02T09:00:00.000Z',
  amount: '200000',
  balanceAfter: '200000',
});
const rent = transaction({
  id: '2',
  name: 'Rent November',
  date: '2026-11-03T09:00:00.000Z',
  amount: '50000',
  transactionType: 'debit',
  status: 'in_progress',
  balanceAfter: '150000',
});

const STATEMENT = '/api/v1/statements?limit=25';
const CHART = '/api/v1/statements/chart?';

describe('Statements & Report', () => {
  it('shows the period figures, every line with the balance after it, older lines on request, and the charts as tables', async () => {
    mockFetch((path) => {
      if (path === STATEMENT) return { status: 200, body: page([rent], '2') };
      if (path === `${STATEMENT}&cursor=2`) return { status: 200, body: page([salary]) };
      if (path === CHART) return { status: 200, body: chart };
      return bankAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/statements');
    expect(
      await screen.findByRole('heading', { name: 'Statements & Report', level: 1 }),
    ).toBeTruthy();
    expect(document.title).toMatch(/^Statements & Report/);

    const summary = await screen.findByRole('region', { name: 'Period summary' });
    const figure = (label: string) =>
      within(summary).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(figure('Opening balance')).toBe('$0.00');
    expect(figure('Money in')).toBe('$2,000.00');
    expect(figure('Money out')).toBe('$500.00');
    expect(figure('Closing balance')).toBe('$1,500.00');

    const lines = screen.getByRole('table', { name: 'Statement lines, newest first' });
    const rows = () => within(lines).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('Rent November');
    expect(rows()[0]?.textContent).toContain('Debit −$500.00');
    expect(rows()[0]?.textContent).toContain('in progress');
    // Each line opens its detail.
    expect(
      within(rows()[0] as HTMLElement)
        .getByRole('link', { name: /Rent November/ })
        .getAttribute('href'),
    ).toBe(`/dashboard/transactions/${rent.id}`);
    expect(screen.getByText(/All time · 1\+ line/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older lines' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]?.textContent).toContain('Credit +$2,000.00');
    expect(screen.queryByRole('button', { name: 'Show older lines' })).toBeNull();
    // The button went with the last page: the focus is on the first line it brought.
    await waitFor(() => expect(document.activeElement).toBe(rows()[1]));

    const monthly = screen.getByRole('table', { name: 'Money in and out by month' });
    expect(
      within(monthly)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthMoney inMoney out', 'Oct 2026$2,000.00$0.00', 'Nov 2026$0.00$500.00']);
    const balances = screen.getByRole('table', { name: 'Balance at the end of each day' });
    expect(within(balances).getAllByRole('row')[2]?.textContent).toBe('03/11/2026$1,500.00');
  });

  it('applies the filters through the address and asks the server with them; wrong filters are explained and not sent', async () => {
    const fetchMock = mockFetch((path) => {
      if (path.startsWith('/api/v1/statements/chart')) return { status: 200, body: chart };
      if (path.startsWith('/api/v1/statements?')) return { status: 200, body: page([rent]) };
      return bankAnswers()(path);
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/statements');
    await screen.findByRole('table', { name: 'Statement lines, newest first' });

    await user.type(screen.getByLabelText('From'), '2026-11-10');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('Type'), 'debit');
    await user.type(screen.getByLabelText('Minimum amount'), '12.5');
    await user.type(screen.getByLabelText('Description contains'), 'rent');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const query = 'from=2026-11-10&to=2026-11-30&type=debit&min=12.5&q=rent';
    await waitFor(() => expect(router.state.location.search).toBe(`?${query}`));
    await waitFor(() =>
      expect(callsTo(fetchMock, `/api/v1/statements?${query}&limit=25`)).toHaveLength(1),
    );
    // The charts depend on the period alone.
    expect(
      callsTo(fetchMock, '/api/v1/statements/chart?from=2026-11-10&to=2026-11-30'),
    ).toHaveLength(1);
    expect(await screen.findByText('10/11/2026 – 30/11/2026', { exact: false })).toBeTruthy();
    expect(screen.getByText(/These figures cover the whole period/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');

    // A period button checks the rest of the form as "Apply filters" does.
    await user.type(screen.getByLabelText('Minimum amount'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(await screen.findByText('Use an amount such as 25 or 25.50')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    await user.clear(screen.getByLabelText('Minimum amount'));
    await user.type(screen.getByLabelText('Minimum amount'), '1,500');
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/&min=1500$/));
    // The form stays: the button just pressed keeps the keyboard focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last 30 days' }));
    expect((screen.getByLabelText('Minimum amount') as HTMLInputElement).value).toBe('1500');
  });

  it('reads wrong filters typed into the address as errors and asks for nothing', async () => {
    const fetchMock = mockFetch((path) => bankAnswers()(path));
    renderRoute('/dashboard/statements?min=ten');
    expect(await screen.findByText('Use an amount such as 25 or 25.50')).toBeTruthy();
    expect(screen.getByText('Correct the filters above to see your statement.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([path]) => String(path).includes('/statements'))).toBe(false);
  });

  it('says No Transaction History and points to Add funds, or to clearing the filters', async () => {
    mockFetch((path) => {
      if (path.startsWith('/api/v1/statements/chart')) {
        return { status: 200, body: { currency: 'USD', days: [], months: [] } };
      }
      if (path.startsWith('/api/v1/statements?')) return { status: 200, body: page([]) };
      return bankAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/statements');
    expect(await screen.findByText('No Transaction History')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Add funds' }).getAttribute('href')).toBe(
      '/dashboard/add-funds',
    );
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByText('Charts appear here once the period has transactions.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Type'), 'credit');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Nothing in this period matches your filters.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1] as HTMLElement);
    expect(await within(main).findByRole('link', { name: 'Add funds' })).toBeTruthy();
  });

  it('downloads the CSV and PDF of the chosen filters under the server’s file name, and says why one is refused', async () => {
    const answer = mockFetch((path) => {
      if (path.startsWith('/api/v1/statements/chart')) return { status: 200, body: chart };
      if (path.startsWith('/api/v1/statements?')) return { status: 200, body: page([rent]) };
      if (path.startsWith('/api/v1/statements/export.pdf')) {
        return problem(422, 'UNPROCESSABLE', 'This period has more than 5000 lines.');
      }
      return bankAnswers()(path);
    });
    const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
      if (path.startsWith('/api/v1/statements/export.csv')) {
        return new Response('Date,Description\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition':
              'attachment; filename="statement-0123456789-2026-11-01-2026-11-30.csv"',
          },
        });
      }
      return answer(path, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    const urls = stubObjectUrls();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/statements?from=2026-11-01&to=2026-11-30');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual(['statement-0123456789-2026-11-01-2026-11-30.csv blob:1']),
    );
    expect(urls.made).toEqual(['blob:1']);
    expect(
      fetchMock.mock.calls.some(
        ([path]) => path === '/api/v1/statements/export.csv?from=2026-11-01&to=2026-11-30',
      ),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('This period has more than 5000 lines.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
