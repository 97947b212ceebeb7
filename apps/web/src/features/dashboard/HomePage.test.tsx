import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, type FakeResponse } from '../../test-utils';
import { bankAnswers, RECENT_PATH, transaction } from '../../test-fixtures';
import { DISPLAY_AMOUNT_KEY } from './useAmountVisibility';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Renders the home page with the given API answers, once the account has loaded. */
async function openHome(overrides: Record<string, FakeResponse> = {}) {
  const user = userEvent.setup();
  const fetchMock = mockFetch(bankAnswers(overrides));
  renderRoute('/dashboard');
  // The account's figures are in (placeholders stand in before: the button is there already).
  await screen.findByRole('button', { name: 'Copy account number' });
  return { user, fetchMock };
}

/** Answers like bankAnswers, except the first call to `failing` gets `failure`; counts its calls. */
function failOnce(failing: string, failure: FakeResponse) {
  const answers = bankAnswers();
  const calls = { count: 0 };
  mockFetch((path) => {
    if (path !== failing) return answers(path);
    calls.count += 1;
    return calls.count === 1 ? failure : answers(path);
  });
  return calls;
}

/** The text next to a label: the value of a <dt>, or the amount under a heading. */
const amountOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('HomePage', () => {
  it('greets by the hour of the browser clock, with the first name, as the page heading', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 6, 9, 30));
    await openHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good Morning, Ada');
  });

  it('greets a late-night visitor with Good Evening', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 6, 3, 0));
    await openHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Good Evening, Ada');
  });

  it('shows the balance, account number and totals as money with two decimals', async () => {
    await openHome();
    expect(amountOf('Available balance')).toBe('$1,234.56');
    expect(amountOf('Total Credit')).toBe('$5,000.00');
    expect(amountOf('Total Debit')).toBe('$3,765.44');
    expect(amountOf('Account number')).toMatch(/^0123456789/);
  });

  it('hides the balance and totals behind asterisks, remembers it, and shows them again', async () => {
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));

    expect(localStorage.getItem(DISPLAY_AMOUNT_KEY)).toBe('false');
    expect(screen.queryByText('$1,234.56')).toBeNull();
    expect(amountOf('Available balance')).toBe('****Hidden');
    expect(amountOf('Total Credit')).toBe('****Hidden');
    expect(amountOf('Total Debit')).toBe('****Hidden');

    await user.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(localStorage.getItem(DISPLAY_AMOUNT_KEY)).toBe('true');
    expect(amountOf('Available balance')).toBe('$1,234.56');
  });

  it('reads the hidden preference back on a new visit', async () => {
    localStorage.setItem(DISPLAY_AMOUNT_KEY, 'false');
    await openHome();
    expect(amountOf('Available balance')).toBe('****Hidden');
    expect(screen.getByRole('button', { name: 'Show balance' })).toBeTruthy();
  });

  it('still shows and toggles amounts when storage refuses to work', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { user } = await openHome();
    expect(amountOf('Available balance')).toBe('$1,234.56');
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(amountOf('Available balance')).toBe('****Hidden');
  });

  it('copies the account number and says Copied to clipboard', async () => {
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    expect(await navigator.clipboard.readText()).toBe('0123456789');
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('says Could not copy, not Copied, when the clipboard refuses', async () => {
    const { user } = await openHome();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByText('Could not copy')).toBeTruthy();
    expect(screen.queryByText('Copied to clipboard')).toBeNull();
  });

  it('lists the ten latest transactions with date, signed amount, type and status', async () => {
    const items = [
      transaction({ id: 'a', name: 'Salary', amount: '1200', status: 'in_progress' }),
      transaction({
        id: 'b',
        name: 'Coffee',
        amount: '500',
        transactionType: 'debit',
        status: 'failed',
        date: '2024-12-24T09:00:00.000Z',
      }),
    ];
    const { fetchMock } = await openHome({
      [RECENT_PATH]: { status: 200, body: { items, nextCursor: 'next', pending: [] } },
    });
    const section = screen.getByRole('region', { name: 'Recent Transactions' });
    const rows = await within(section).findAllByRole('listitem');

    expect(fetchMock.mock.calls.some(([path]) => path === RECENT_PATH)).toBe(true);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Salary05/03/2024Credit +$12.00in progress',
      'Coffee24/12/2024Debit −$5.00failed',
    ]);
    const [credit, debit] = rows.map((row) => within(row).getByText(/\$/));
    expect(credit?.className).toMatch(/text-green-700/);
    expect(debit?.className).toMatch(/text-red-700/);
    const viewAll = within(section).getByRole('link', {
      name: 'View all transactions in Statements & Report',
    });
    expect(viewAll.getAttribute('href')).toMatch(/\/dashboard\/statements$/);
  });

  it('hides the transaction amounts along with the balance', async () => {
    localStorage.setItem(DISPLAY_AMOUNT_KEY, 'false');
    await openHome({
      [RECENT_PATH]: {
        status: 200,
        body: { items: [transaction({ name: 'Salary' })], nextCursor: null, pending: [] },
      },
    });
    const section = screen.getByRole('region', { name: 'Recent Transactions' });
    const [row] = await within(section).findAllByRole('listitem');
    expect(row?.textContent).toMatch(/^Salary.*Credit \+\*\*\*\*Hidden/);
    expect(row?.textContent).not.toMatch(/\$/);
  });

  it('says No Transaction History when there are none', async () => {
    await openHome();
    const section = screen.getByRole('region', { name: 'Recent Transactions' });
    expect(await within(section).findByText('No Transaction History')).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('holds the figures behind placeholders until the PIN check answers, asking for them at once', async () => {
    const answers = bankAnswers();
    let answerPin = () => {};
    const pinAnswered = new Promise<void>((resolve) => (answerPin = resolve));
    const fetchMock = mockFetch(async (path) => {
      if (path === '/api/v1/pin') await pinAnswered;
      return answers(path);
    });
    renderRoute('/dashboard');

    // The page's frame is up, the account asked for already, and no figure shown yet.
    expect((await screen.findByText('Loading your account…')).getAttribute('role')).toBe('status');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/v1/accounts/current'),
    );
    expect(screen.queryByText('$1,234.56')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy account number' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Recent Transactions' })).toBeTruthy();

    answerPin();
    await waitFor(() => expect(amountOf('Available balance')).toBe('$1,234.56'));
    expect(screen.queryByText('Loading your account…')).toBeNull();
  });

  it('shows a failed account request and loads it again on Try again', async () => {
    const user = userEvent.setup();
    const calls = failOnce('/api/v1/accounts/current', problem(404, 'NOT_FOUND', 'No account yet'));
    renderRoute('/dashboard');

    expect((await screen.findByRole('alert')).textContent).toBe('No account yet');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(amountOf('Available balance')).toBe('$1,234.56'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.count).toBe(2);
  });

  it('shows a failed transactions request and loads it again on Try again', async () => {
    const user = userEvent.setup();
    const calls = failOnce(RECENT_PATH, { status: 500 });
    renderRoute('/dashboard');

    const section = await screen.findByRole('region', { name: 'Recent Transactions' });
    expect((await within(section).findByRole('alert')).textContent).toBe('Something went wrong');
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('No Transaction History')).toBeTruthy();
    expect(calls.count).toBe(2);
  });

  it('shows an answer that breaks the contract as a failed request, not a crash', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    // A balance sent as a float: the contract wants integer minor units as a string.
    const calls = failOnce('/api/v1/accounts/current', {
      status: 200,
      body: { accountNumber: '0123456789', currency: 'USD', availableBalance: 12.5 },
    });
    renderRoute('/dashboard');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again.',
    );
    expect(screen.queryByText('0123456789')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(amountOf('Available balance')).toBe('$1,234.56'));
    expect(calls.count).toBe(2);
  });

  it('says Welcome Back once after signing in, and not again when the page is opened again', async () => {
    mockFetch(bankAnswers());
    const router = renderRoute('/dashboard', { welcomeBack: true });
    expect(await screen.findByText('Welcome Back')).toBeTruthy();
    // The history entry forgot it: Back and forth, or a reload, do not say it again.
    await waitFor(() => expect(router.state.location.state).toEqual({ keepFocus: true }));
    // The address stays the dashboard's own, with no "?index" from the router.
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('');
  });
});
