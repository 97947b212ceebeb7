import { INSUFFICIENT_BALANCE } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, renderRoute, type FakeResponse } from '../../test-utils';
import { noticeProblem, TRANSFER, transferAnswers, transferSample } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONFIRM = `${TRANSFER}/confirm`;

/** The value beside `label` in a list of details. */
function detail(label: string): string | null | undefined {
  return screen.getByText(label).nextElementSibling?.textContent;
}

function reviewing(confirm: FakeResponse, overrides: Record<string, FakeResponse> = {}) {
  return mockFetch(transferAnswers({ [CONFIRM]: confirm, ...overrides }));
}

describe('Bank Transfer: the review', () => {
  it("shows the server's figures and the recipient, and Confirm moves on to the PIN", async () => {
    const fetchMock = reviewing({ status: 200, body: transferSample({ stage: 'confirmed' }) });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send/confirm?id=t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm transfer' })).toBeTruthy();
    await screen.findByText('Amount to be received');
    expect(detail('Amount')).toBe('$150.25');
    expect(detail('Service charge (10 %)')).toBe('$15.03');
    expect(
      screen.getByText('Amount to be received').parentElement?.nextElementSibling?.textContent,
    ).toBe('$135.22');
    expect(detail('Account holder name')).toBe('Grace Hopper');
    expect(detail('Account number')).toBe('DE89370400440532013000');
    expect(detail('SWIFT/BIC code')).toBe('DEUTDEFF');
    expect(detail('Country')).toBe('Germany');
    expect(detail('Note')).toBe('Rent for March');
    expect(screen.queryByText(INSUFFICIENT_BALANCE)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send/pin'));
    expect(router.state.location.search).toBe('?id=t1');
    expect(callsTo(fetchMock, CONFIRM)[0]?.[1]?.method).toBe('POST');
  });

  it('says Insufficient balance and keeps Confirm disabled when the balance does not cover it', async () => {
    const fetchMock = reviewing(
      { status: 200, body: transferSample() },
      {
        [TRANSFER]: {
          status: 200,
          body: transferSample({ availableBalance: '10000', sufficientBalance: false }),
        },
      },
    );
    renderRoute('/dashboard/send/confirm?id=t1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(INSUFFICIENT_BALANCE)).toBeTruthy();
    expect(alert.textContent).toContain('Your available balance is $100.00.');
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-describedby')).toBeTruthy();
    expect(callsTo(fetchMock, CONFIRM)).toEqual([]);
  });

  it('stays to show a service charge that changed meanwhile, for it to be confirmed', async () => {
    reviewing({
      status: 200,
      body: transferSample({ fee: '376', feeRateBp: 250, amountReceived: '14649' }),
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send/confirm?id=t1');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your service charge changed.')).toBeTruthy();
    expect(detail('Service charge (2.5 %)')).toBe('$3.76');
    expect(router.state.location.pathname).toBe('/dashboard/send/confirm');
  });

  it('goes back to the form with these details on Edit', async () => {
    reviewing({ status: 200, body: transferSample() });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send/confirm?id=t1');
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send'));
    expect(router.state.location.search).toBe('?id=t1');
    expect(((await screen.findByLabelText('Amount')) as HTMLInputElement).value).toBe('150.25');
  });

  it('shows a refusal with a notice in the dialog, whose Okay returns to the send form', async () => {
    reviewing(noticeProblem('Transfers paused', 'Your account is under review. Call us.'));
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send/confirm?id=t1');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfers paused' });
    expect(within(dialog).getByText('Your account is under review. Call us.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send'));
    expect(await screen.findByLabelText('Bank')).toBeTruthy();
  });

  it('sends a page opened without a transfer to the form, and says when one is not found', async () => {
    mockFetch(transferAnswers());
    const router = renderRoute('/dashboard/send/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send'));
    cleanup();

    mockFetch(
      transferAnswers({
        [TRANSFER]: {
          status: 404,
          body: { status: 404, code: 'NOT_FOUND', detail: 'No such transfer.' },
        },
      }),
    );
    renderRoute('/dashboard/send/confirm?id=t1');
    expect(await screen.findByText('No such transfer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new transfer' })).toBeTruthy();
  });

  it('to a Cedar Bank customer: the masked holder, what the check said, no charge', async () => {
    reviewing(
      { status: 200, body: transferSample({ stage: 'confirmed' }) },
      {
        [TRANSFER]: {
          status: 200,
          body: transferSample({
            internal: true,
            bank: 'Cedar Bank',
            swift: 'CEDRUS33',
            accountNumber: '5928387132',
            accountHolderName: 'Ngozi E.',
            fee: '0',
            feeRateBp: 0,
            amountReceived: '15025',
            payeeCheck: { typedName: 'Ngozi', match: 'close_match' },
          }),
        },
      },
    );
    renderRoute('/dashboard/send/confirm?id=t1');
    await screen.findByText('Amount to be received');
    expect(detail('Service charge (0 %)')).toBe('$0.00');
    expect(detail('Account holder name')).toBe('Ngozi E.');
    expect(
      screen.getByText(
        'The name you typed (“Ngozi”) is close to the account holder’s, and you confirmed that Ngozi E. is the person you mean to pay.',
      ),
    ).toBeTruthy();
  });
});
