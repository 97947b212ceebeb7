import type { PendingActivity, Transaction } from '@bank/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, bankAnswers, RECENT_PATH, transaction } from '../../test-fixtures';
import { latestStream, stubEventSource } from '../../test-event-source';
import { mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function pending(overrides: Partial<PendingActivity> = {}): PendingActivity {
  return {
    type: 'deposit',
    id: '31',
    name: 'Crypto deposit (Bitcoin)',
    date: '2024-03-06T10:00:00.000Z',
    amount: '15000',
    currency: 'USD',
    status: 'pending',
    effect: 'credit',
    entryId: null,
    reason: null,
    ...overrides,
  };
}

const page = (items: Transaction[], waiting: PendingActivity[] = []) => ({
  status: 200,
  body: { items, nextCursor: null, pending: waiting },
});

async function rowsOfRecent() {
  const section = await screen.findByRole('region', { name: 'Recent Transactions' });
  return within(section).findAllByRole('listitem');
}

const hrefOf = (row: HTMLElement | undefined) =>
  row ? within(row).getByRole('link').getAttribute('href') : null;

describe('Recent Transactions', () => {
  it('shows money on its way first, with its true status and amount, each row leading to where it is followed', async () => {
    const transferLine = transaction({
      id: '900',
      entryId: '77',
      name: 'Transfer to Ada Lovelace (Deutsche Bank)',
      amount: '10000',
      transactionType: 'debit',
      status: 'in_progress',
      date: '2024-03-06T09:00:00.000Z',
    });
    mockFetch(
      bankAnswers({
        [RECENT_PATH]: page(
          [transferLine, transaction({ id: '899', entryId: '76', name: 'Salary' })],
          [
            pending(),
            pending({
              type: 'transfer',
              id: '12',
              name: 'Transfer to Ada Lovelace (Deutsche Bank)',
              amount: '10000',
              status: 'in_progress',
              effect: 'debit',
              entryId: '77',
              date: '2024-03-06T09:00:00.000Z',
            }),
            pending({
              type: 'payment',
              id: '32',
              name: 'Payment (Card replacement), by Bitcoin',
              amount: '1250',
              effect: 'none',
            }),
            pending({
              type: 'upgrade',
              id: '33',
              name: 'Upgrade to the Gold plan, by Bitcoin',
              amount: '5000',
              effect: 'none',
            }),
            pending({
              type: 'fixed_deposit',
              id: '34',
              name: 'Fixed deposit on the Six months plan, by Bitcoin',
              amount: '20000',
              effect: 'none',
            }),
          ],
        ),
      }),
    );
    renderRoute('/dashboard');
    const rows = await rowsOfRecent();

    expect(rows.map((row) => row.textContent)).toEqual([
      'Crypto deposit (Bitcoin)06/03/2024 · Added to your balance once we confirm it arrivedCredit +$150.00pending',
      'Transfer to Ada Lovelace (Deutsche Bank)06/03/2024 · Taken from your balance; waiting to be sentDebit −$100.00in progress',
      'Payment (Card replacement), by Bitcoin06/03/2024 · Paid in crypto; we are confirming it arrived$12.50pending',
      'Upgrade to the Gold plan, by Bitcoin06/03/2024 · Your new plan applies once we confirm your payment$50.00pending',
      'Fixed deposit on the Six months plan, by Bitcoin06/03/2024 · Starts once we confirm your payment arrived$200.00pending',
      // The transfer's own line waits below until it is decided: shown once, at the top.
      'Salary05/03/2024Credit +$12.00successful',
    ]);
    // Money still to come is not coloured as arrived; a transfer's has left.
    expect(within(rows[0] as HTMLElement).getByText(/\$150/).className).not.toMatch(/green/);
    expect(within(rows[1] as HTMLElement).getByText(/\$100/).className).toMatch(/text-red-700/);
    expect(rows.map(hrefOf)).toEqual([
      '/dashboard/add-funds/crypto',
      '/dashboard/transfers/12',
      '/dashboard/make-payment',
      '/dashboard/upgrade',
      '/dashboard/fixed-deposit',
      '/dashboard/transactions/899',
    ]);
  });

  it("keeps a request staff declined in the list, with its status and staff's reason shortened, leading to the request on its page", async () => {
    const reason =
      'Nothing arrived at the address you paid to. Check the transaction id in your wallet, and send the proof again from the Crypto Deposit page if it was sent to us.';
    mockFetch(
      bankAnswers({
        [RECENT_PATH]: page(
          [transaction({ id: '899', entryId: '76', name: 'Salary' })],
          [
            pending({
              id: '35',
              status: 'declined',
              effect: 'none',
              reason,
              date: '2024-03-07T16:30:00.000Z',
            }),
            pending({
              type: 'upgrade',
              id: '36',
              name: 'Upgrade to the Gold plan, by Bitcoin',
              amount: '5000',
              status: 'declined',
              effect: 'none',
              reason: 'Less than the price arrived',
            }),
          ],
        ),
      }),
    );
    const router = renderRoute('/dashboard');
    const rows = await rowsOfRecent();
    const shortened =
      'Nothing arrived at the address you paid to. Check the transaction id in your wallet, and send the proof again from the…';
    expect(rows.map((row) => row.textContent)).toEqual([
      // Nothing moved: no sign, not green; the badge says declined, the reason why.
      `Crypto deposit (Bitcoin)07/03/2024Reason: ${shortened}$150.00declined`,
      'Upgrade to the Gold plan, by Bitcoin06/03/2024Reason: Less than the price arrived$50.00declined',
      'Salary05/03/2024Credit +$12.00successful',
    ]);
    const [declined] = rows as [HTMLElement];
    expect(within(declined).getByText('declined').className).toMatch(/bg-red-50/);
    expect(within(declined).getByText(/\$150\.00/).className).not.toMatch(/green/);
    // The whole row is one link, named by what it shows (status and reason included).
    // The whole row is one link, named by all it shows, status and reason included (jsdom joins
    // the parts with no space; a browser spaces the blocks).
    const link = within(declined).getByRole('link', {
      name: `Crypto deposit (Bitcoin)07/03/2024Reason: ${shortened}$150.00declined`,
    });
    expect(rows.map(hrefOf)).toEqual([
      '/dashboard/add-funds/crypto#request-35',
      '/dashboard/upgrade#request-36',
      '/dashboard/transactions/899',
    ]);
    await userEvent.setup().click(link);
    await waitFor(() =>
      expect(router.state.location).toMatchObject({
        pathname: '/dashboard/add-funds/crypto',
        hash: '#request-35',
      }),
    );
  });

  it('keeps a payment paid in crypto that staff confirmed, which has no line of its own, as confirmed with what arrived', async () => {
    mockFetch(
      bankAnswers({
        [RECENT_PATH]: page(
          [transaction({ id: '899', entryId: '76', name: 'Salary' })],
          [
            pending({
              type: 'payment',
              id: '41',
              name: 'Payment (Card replacement), by Bitcoin',
              amount: '1250',
              status: 'confirmed',
              effect: 'none',
              date: '2024-03-07T16:30:00.000Z',
            }),
          ],
        ),
      }),
    );
    renderRoute('/dashboard');
    const rows = await rowsOfRecent();
    expect(rows.map((row) => row.textContent)).toEqual([
      'Payment (Card replacement), by Bitcoin07/03/2024 · Paid in crypto; we confirmed it arrived$12.50confirmed',
      'Salary05/03/2024Credit +$12.00successful',
    ]);
    const [confirmed] = rows as [HTMLElement];
    expect(within(confirmed).getByText('confirmed').className).toMatch(/bg-green-50/);
    expect(rows.map(hrefOf)).toEqual([
      '/dashboard/make-payment#request-41',
      '/dashboard/transactions/899',
    ]);
  });

  it('hides the amount of a declined request with the balance', async () => {
    localStorage.setItem('displayAmount', 'false');
    mockFetch(
      bankAnswers({
        [RECENT_PATH]: page(
          [],
          [pending({ status: 'declined', effect: 'none', reason: 'No payment arrived' })],
        ),
      }),
    );
    renderRoute('/dashboard');
    const [row] = await rowsOfRecent();
    expect(row?.textContent).not.toContain('$150.00');
    expect(row?.textContent).toContain('Reason: No payment arrived');
  });

  it('opens the detail of every line by its own id (the posting seen from this account)', async () => {
    mockFetch(
      bankAnswers({
        [RECENT_PATH]: page([
          transaction({ id: '5', entryId: '501', name: 'Refund: transfer to Ada Lovelace failed' }),
          transaction({
            id: '4',
            entryId: '400',
            name: 'Transfer to Ada Lovelace (Deutsche Bank)',
            transactionType: 'debit',
            status: 'failed',
          }),
        ]),
      }),
    );
    renderRoute('/dashboard');
    const rows = await rowsOfRecent();
    expect(rows.map(hrefOf)).toEqual(['/dashboard/transactions/5', '/dashboard/transactions/4']);
    expect(rows[1]?.textContent).toContain('failed');
  });

  it('turns a pending deposit into its confirmed line the moment staff confirm it, without a reload', async () => {
    stubEventSource();
    let confirmed = false;
    const answers = (path: string) => {
      if (!confirmed) {
        return bankAnswers({
          '/api/v1/accounts/current': {
            status: 200,
            body: { ...account, availableBalance: '0', totalCredit: '0', totalDebit: '0' },
          },
          [RECENT_PATH]: page([], [pending()]),
        })(path);
      }
      return bankAnswers({
        '/api/v1/accounts/current': {
          status: 200,
          body: { ...account, availableBalance: '14250', totalCredit: '14250', totalDebit: '0' },
        },
        [RECENT_PATH]: page([
          transaction({
            id: '9',
            entryId: '90',
            name: 'Crypto deposit (Bitcoin)',
            amount: '14250',
          }),
        ]),
        '/api/v1/notifications/unread-count': { status: 200, body: { unread: 1 } },
      })(path);
    };
    mockFetch(answers);
    renderRoute('/dashboard');
    const [before] = await rowsOfRecent();
    expect(before?.textContent).toMatch(/pending$/);
    expect(screen.getByText('Available balance').nextElementSibling?.textContent).toBe('$0.00');

    confirmed = true;
    const stream = latestStream();
    act(() => {
      stream.open();
      stream.send('unread', { unread: 0, changed: [] });
      stream.send('unread', { unread: 1, changed: ['funding.confirmed'] });
    });

    await waitFor(() =>
      expect(screen.getByText('Available balance').nextElementSibling?.textContent).toBe('$142.50'),
    );
    const [after] = await rowsOfRecent();
    await waitFor(() =>
      expect(after?.textContent).toBe(
        'Crypto deposit (Bitcoin)05/03/2024Credit +$142.50successful',
      ),
    );
    expect(screen.getByText('Total Credit').nextElementSibling?.textContent).toBe('$142.50');
  });

  it('turns a pending deposit into a declined row with the reason the moment staff decline it, without a reload', async () => {
    stubEventSource();
    let declined = false;
    mockFetch((path) =>
      bankAnswers({
        [RECENT_PATH]: page(
          [],
          [
            declined
              ? pending({
                  status: 'declined',
                  effect: 'none',
                  reason: 'No payment arrived at the address',
                  date: '2024-03-07T09:00:00.000Z',
                })
              : pending(),
          ],
        ),
        '/api/v1/notifications/unread-count': { status: 200, body: { unread: declined ? 1 : 0 } },
      })(path),
    );
    renderRoute('/dashboard');
    const [before] = await rowsOfRecent();
    expect(before?.textContent).toMatch(/pending$/);

    declined = true;
    const stream = latestStream();
    act(() => {
      stream.open();
      stream.send('unread', { unread: 0, changed: [] });
      stream.send('unread', { unread: 1, changed: ['funding.declined'] });
    });
    await waitFor(async () =>
      expect((await rowsOfRecent())[0]?.textContent).toBe(
        'Crypto deposit (Bitcoin)07/03/2024Reason: No payment arrived at the address$150.00declined',
      ),
    );
  });
});
