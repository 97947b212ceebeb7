import type { Transfer } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, transaction } from '../../test-fixtures';
import { callsTo, mockFetch, problem, renderRoute, signedOut } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TRANSFER = '/api/v1/transfers/41';

function transfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: '41',
    stage: 'submitted',
    status: 'in_progress',
    bank: 'Deutsche Bank',
    swift: 'DEUTDEFF',
    currency: 'USD',
    routing: '021000021',
    country: 'DE',
    accountNumber: 'DE89370400440532013000',
    accountHolderName: 'Grace Hopper',
    note: 'Rent for March',
    saveBeneficiary: false,
    internal: false,
    awaitingCode: false,
    amount: '15000',
    fee: '1500',
    feeRateBp: 1000,
    amountReceived: '13500',
    availableBalance: '100000',
    sufficientBalance: true,
    reference: null,
    failureReason: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    submittedAt: '2026-11-24T10:05:00.000Z',
    decidedAt: null,
    expiresAt: '2999-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The steps of the status timeline, as read out. */
async function steps() {
  const section = (await screen.findByRole('heading', { name: 'Status' })).closest('section');
  return within(section as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
}

describe('a transfer’s detail', () => {
  it('in progress: the timeline waits for the bank, and cancelling shows the refund at once', async () => {
    let current = transfer();
    const others = bankAnswers();
    const fetchMock = mockFetch((path) => {
      if (path === `${TRANSFER}/cancel`) {
        current = transfer({ status: 'cancelled', decidedAt: '2026-11-24T10:09:00.000Z' });
        return { status: 200, body: current };
      }
      if (path === TRANSFER) return { status: 200, body: current };
      if (path === '/api/v1/notifications')
        return { status: 200, body: { items: [], nextCursor: null } };
      return others(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/transfers/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer' })).toBeTruthy();
    expect(await screen.findByText('Waiting to be sent by the bank')).toBeTruthy();
    expect(await steps()).toEqual(['Submitted', 'Waiting to be sent by the bank']);
    expect(screen.getByText('$150.00', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send again' }).getAttribute('href')).toBe(
      '/dashboard/send?again=41',
    );
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this transfer?' });
    expect(dialog.textContent).toContain('$150.00, service charge included, comes back');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    expect(
      await screen.findByText('Transfer cancelled: $150.00 is back in your account.'),
    ).toBeTruthy();
    expect(await steps()).toEqual(['Submitted', 'Cancelled by you', 'Refunded']);
    expect(callsTo(fetchMock, `${TRANSFER}/cancel`)[0]?.[1]?.method).toBe('POST');
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).toBeNull();
  });

  it('sent: the staff reference in the timeline and the references, no cancel', async () => {
    mockFetch(
      bankAnswers({
        [TRANSFER]: {
          status: 200,
          body: transfer({
            status: 'successful',
            reference: 'FT-2026-0042',
            decidedAt: '2026-11-24T12:00:00.000Z',
          }),
        },
      }),
    );
    renderRoute('/dashboard/transfers/41');
    expect(await screen.findByText('Sent by the bank')).toBeTruthy();
    expect(screen.getByText('Reference FT-2026-0042.')).toBeTruthy();
    expect(screen.getByText('Bank reference').nextElementSibling?.textContent).toBe('FT-2026-0042');
    expect(screen.queryByRole('button', { name: 'Cancel transfer' })).toBeNull();
  });

  it('to a Cedar Bank customer: no charge, said plainly rather than as a $0.00 charge', async () => {
    mockFetch(
      bankAnswers({
        [TRANSFER]: {
          status: 200,
          body: transfer({
            status: 'successful',
            internal: true,
            bank: 'Cedar Bank',
            fee: '0',
            feeRateBp: 0,
            amountReceived: '15000',
            decidedAt: '2026-11-24T10:05:00.000Z',
          }),
        },
      }),
    );
    renderRoute('/dashboard/transfers/41');
    expect(await steps()).toEqual(['Submitted', 'Arrived']);
    expect(screen.getByText('$150.00 left your account, with no service charge.')).toBeTruthy();
    expect(screen.queryByText(/after the \$0\.00 service charge/)).toBeNull();
  });

  it('failed: the reason and the refund', async () => {
    mockFetch(
      bankAnswers({
        [TRANSFER]: {
          status: 200,
          body: transfer({
            status: 'failed',
            failureReason: 'Account closed',
            decidedAt: '2026-11-24T12:00:00.000Z',
          }),
        },
      }),
    );
    renderRoute('/dashboard/transfers/41');
    expect(await screen.findByText('Reason: Account closed')).toBeTruthy();
    expect(await steps()).toEqual(['Submitted', 'Failed', 'Refunded']);
  });

  it('someone else’s or unknown: not found, said plainly', async () => {
    mockFetch(bankAnswers({ [TRANSFER]: problem(404, 'NOT_FOUND', 'No such transfer') }));
    renderRoute('/dashboard/transfers/41');
    expect(await screen.findByText(/There is no transfer with this number/)).toBeTruthy();
  });
});

describe('a transaction’s detail', () => {
  it('a line of a transfer shows the transfer', async () => {
    mockFetch(
      bankAnswers({
        '/api/v1/transactions/7': {
          status: 200,
          body: {
            transaction: transaction({ id: '7', status: 'in_progress' }),
            transferId: '41',
            reference: 'CEDARBANK-9',
          },
        },
        [TRANSFER]: { status: 200, body: transfer() },
      }),
    );
    renderRoute('/dashboard/transactions/7');
    expect(await screen.findByText('Waiting to be sent by the bank')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer' })).toBeTruthy();
  });

  it('another line: its own details and receipt', async () => {
    mockFetch(
      bankAnswers({
        '/api/v1/transactions/8': {
          status: 200,
          body: {
            transaction: transaction({
              id: '8',
              name: 'Crypto deposit',
              transactionType: 'credit',
            }),
            transferId: null,
            reference: 'CEDARBANK-12',
          },
        },
      }),
    );
    renderRoute('/dashboard/transactions/8');
    expect(await screen.findByRole('heading', { level: 2, name: 'Crypto deposit' })).toBeTruthy();
    expect(screen.getByText('Bank reference').nextElementSibling?.textContent).toBe('CEDARBANK-12');
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeTruthy();
  });
});

describe('checking a receipt (public)', () => {
  it('confirms what the receipt says, and says when the status moved on', async () => {
    mockFetch(
      signedOut((path) =>
        path !== '/api/v1/receipts/7K3M9QXD2HWB5RTA8CNE'
          ? { status: 404 }
          : {
              status: 200,
              body: {
                reference: '7K3M-9QXD-2HWB-5RTA-8CNE',
                bank: 'Cedar Bank',
                issuedAt: '2026-11-24T10:10:00.000Z',
                date: '2026-11-24T10:05:00.000Z',
                amount: '15000',
                currency: 'USD',
                status: 'in_progress',
                currentStatus: 'successful',
                payer: 'Ada L., Cedar Bank account ••7897',
                payee: 'Grace H., account ••3000 at DEUTDEFF',
              },
            },
      ),
    );
    const user = userEvent.setup();
    const router = renderRoute('/verify');
    await user.type(
      await screen.findByRole('textbox', { name: /Verification reference/ }),
      '7k3m 9qxd 2hwb 5rta 8cne',
    );
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/verify/7K3M9QXD2HWB5RTA8CNE'),
    );
    expect(await screen.findByText(/This receipt was issued by Cedar Bank/)).toBeTruthy();
    expect(screen.getByText('Grace H., account ••3000 at DEUTDEFF')).toBeTruthy();
    expect(screen.getByText(/The status has changed since this receipt was issued/)).toBeTruthy();
  });

  it('an unknown reference: not one of ours', async () => {
    mockFetch(signedOut(() => problem(404, 'NOT_FOUND', 'No receipt')));
    renderRoute('/verify/0000-0000-0000-0000-0000');
    expect(await screen.findByText(/We did not issue a receipt with the reference/)).toBeTruthy();
  });
});
