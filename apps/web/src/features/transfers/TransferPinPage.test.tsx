import {
  PIN_NETWORK_ERROR,
  TRANSFER_CODE_REQUIRED,
  TRANSFER_SUCCESS,
  type Transfer,
} from '@bank/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../test-utils';
import { noticeProblem, stepAnswer, TRANSFER, transferAnswers, transferSample } from './testing';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PIN = `${TRANSFER}/pin`;
const CODE = `${TRANSFER}/code`;
const RESEND = `${TRANSFER}/code/resend`;
const SUBMIT = `${TRANSFER}/submit`;

type Answer = (body: unknown) => FakeResponse;

/** The server of a confirmed transfer, answering each step with the test's answer. */
function authorizing(
  steps: Partial<Record<string, Answer>>,
  transfer: Transfer = transferSample({ stage: 'confirmed' }),
) {
  const answers = transferAnswers({ [TRANSFER]: { status: 200, body: transfer } });
  return mockFetch((path, body) => steps[path]?.(body) ?? answers(path));
}

const pinField = () => screen.getByLabelText('Transaction PIN') as HTMLInputElement;
const sentTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  callsTo(fetchMock, path).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));

describe('Bank Transfer: the PIN and the authorization code', () => {
  it('says Invalid Pin when none is entered, and sends nothing', async () => {
    const fetchMock = authorizing({});
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authorize transfer' }),
    ).toBeTruthy();
    await screen.findByLabelText('Transaction PIN');
    expect(pinField().type).toBe('password');
    expect(pinField().getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('$150.25 to Grace Hopper')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(within(screen.getByRole('alert')).getByText('Invalid Pin')).toBeTruthy();
    expect(callsTo(fetchMock, PIN)).toEqual([]);
  });

  it('says the recipient gets the whole amount when there is no charge, not "after the $0.00 service charge"', async () => {
    authorizing(
      {},
      transferSample({
        stage: 'confirmed',
        internal: true,
        bank: 'Cedar Bank',
        fee: '0',
        feeRateBp: 0,
        amountReceived: '15025',
      }),
    );
    renderRoute('/dashboard/send/pin?id=t1');
    const summary = await screen.findByRole('region', { name: 'Transfer' });
    await waitFor(() =>
      expect(summary.textContent).toContain('They receive $150.25, with no service charge.'),
    );
    expect(summary.textContent).not.toContain('$0.00');
  });

  it("shows the server's message on a refused PIN and clears the digits", async () => {
    const fetchMock = authorizing({
      [PIN]: () =>
        problem(422, 'UNPROCESSABLE', 'Incorrect PIN. 3 tries left before PIN use is paused.'),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Incorrect PIN. 3 tries left before PIN use is paused.'),
    ).toBeTruthy();
    expect(pinField().value).toBe('');
    expect(document.activeElement).toBe(pinField());
    expect(sentTo(fetchMock, PIN)).toEqual([{ pin: '1234' }]);
    expect(callsTo(fetchMock, SUBMIT)).toEqual([]);
  });

  it('says "An error has Occurred." when the network fails, and the server\'s words when PIN use rests', async () => {
    let locked = false;
    authorizing({
      [PIN]: () => {
        if (!locked) throw new TypeError('Failed to fetch');
        return problem(
          423,
          'PIN_LOCKED',
          'Too many wrong PINs. For your security, PIN use is paused for 30 more minutes.',
        );
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(PIN_NETWORK_ERROR)).toBeTruthy();

    locked = true;
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Too many wrong PINs. For your security, PIN use is paused for 30 more minutes.',
      ),
    ).toBeTruthy();
    expect(pinField().value).toBe('');
  });

  it('submits by itself once the PIN is enough, says Successful! Await Confirmation and goes home after 3 s', async () => {
    const fetchMock = authorizing({
      [PIN]: () => stepAnswer('ready', 'pin_verified'),
      [SUBMIT]: () => stepAnswer('done', 'submitted', { status: 'in_progress' }),
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const accountReads = callsTo(fetchMock, '/api/v1/accounts/current').length;
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(TRANSFER_SUCCESS)).toBeTruthy();
    expect(callsTo(fetchMock, SUBMIT)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard/send/pin');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The balance is read again: the money has left it.
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/v1/accounts/current').length).toBeGreaterThan(accountReads),
    );
  });

  it('says money paid to another customer has reached them, with one full stop after a masked name', async () => {
    authorizing({
      [PIN]: () => stepAnswer('ready', 'pin_verified'),
      [SUBMIT]: () =>
        stepAnswer('done', 'submitted', {
          status: 'successful',
          accountHolderName: 'Kenneth O.',
          amountReceived: '4000',
        }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(TRANSFER_SUCCESS)).toBeTruthy();
    const said = screen.getByText(/has reached/).textContent ?? '';
    expect(said).toContain('$40.00 has reached Kenneth O. Taking you');
    expect(said).not.toContain('..');
  });

  it('asks for the emailed code when the server wants it: a wrong one is cleared, the right one sends the transfer', async () => {
    const fetchMock = authorizing({
      [PIN]: () => stepAnswer('code', 'pin_verified'),
      [CODE]: (body) =>
        (body as { code: string }).code === '4321'
          ? stepAnswer('ready', 'code_verified')
          : problem(422, 'UNPROCESSABLE', 'That code is not right. 4 tries left.'),
      [RESEND]: () => stepAnswer('code', 'pin_verified'),
      [SUBMIT]: () => stepAnswer('done', 'submitted', { status: 'in_progress' }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: TRANSFER_CODE_REQUIRED })).toBeTruthy();
    expect(
      screen.getByText('This is a new beneficiary, so we emailed you a code to confirm it is you.'),
    ).toBeTruthy();
    expect(screen.getByText('a•••a@example.com')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Authorization code' });
    const boxes = within(group).getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(4);
    expect(boxes[0]?.getAttribute('inputmode')).toBe('numeric');

    await user.type(boxes[0] as HTMLInputElement, '1111');
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeTruthy();
    await waitFor(() => expect(boxes.map((box) => box.value).join('')).toBe(''));
    expect(callsTo(fetchMock, SUBMIT)).toEqual([]);

    const resend = screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement;
    // A code was just sent: the next one waits.
    expect(resend.disabled).toBe(true);

    await user.type(boxes[0] as HTMLInputElement, '4321');
    expect(await screen.findByText(TRANSFER_SUCCESS)).toBeTruthy();
    expect(sentTo(fetchMock, CODE)).toEqual([{ code: '1111' }, { code: '4321' }]);
    expect(callsTo(fetchMock, SUBMIT)).toHaveLength(1);
  });

  it('names where the code went once, when the server has not said it already', async () => {
    const prompt = stepAnswer('code', 'pin_verified');
    const body = prompt.body as { body: string; sentTo: string };
    authorizing({
      [PIN]: () => ({
        ...prompt,
        body: { ...body, body: `We sent a 4-digit code to ${body.sentTo}. Enter it here.` },
      }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^We sent a 4-digit code to a•••a@example\.com/)).toBeTruthy();
    expect(screen.queryByText(/We sent it to/)).toBeNull();
  });

  it('sends a new code when asked, once the pause is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = authorizing({
      [PIN]: () => stepAnswer('code', 'pin_verified'),
      [RESEND]: () => stepAnswer('code', 'pin_verified'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const resend = (await screen.findByRole('button', {
      name: 'Send a new code',
    })) as HTMLButtonElement;
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(resend.disabled).toBe(false);
    await user.click(resend);
    expect(await screen.findByText('Code Sent')).toBeTruthy();
    expect(callsTo(fetchMock, RESEND)[0]?.[1]?.method).toBe('POST');
  });

  it('shows the code prompt when the submission asks for it after all', async () => {
    authorizing(
      { [SUBMIT]: () => stepAnswer('code', 'pin_verified') },
      transferSample({ stage: 'pin_verified' }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/send/pin?id=t1');
    await user.click(await screen.findByRole('button', { name: 'Send transfer' }));
    expect(await screen.findByRole('heading', { name: TRANSFER_CODE_REQUIRED })).toBeTruthy();
  });

  it('shows a refusal with a notice in the dialog, whose Okay returns to the send form', async () => {
    authorizing({
      [PIN]: () => stepAnswer('ready', 'pin_verified'),
      [SUBMIT]: () =>
        noticeProblem('Insufficient balance', 'Your balance no longer covers this transfer.'),
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send/pin?id=t1');
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient balance' });
    expect(within(dialog).getByText('Your balance no longer covers this transfer.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send'));
    expect(await screen.findByLabelText('Bank')).toBeTruthy();
    expect(screen.queryByText(TRANSFER_SUCCESS)).toBeNull();
  });

  it('sends an unconfirmed transfer back to the review, and says when one was already sent', async () => {
    authorizing({}, transferSample());
    const router = renderRoute('/dashboard/send/pin?id=t1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send/confirm'));
    cleanup();

    authorizing(
      {},
      transferSample({
        stage: 'submitted',
        status: 'in_progress',
        submittedAt: '2026-11-24T10:05:00.000Z',
      }),
    );
    renderRoute('/dashboard/send/pin?id=t1');
    expect(
      await screen.findByText(
        /This transfer of \$150\.25 to Grace Hopper was sent on 24\/11\/2026/,
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Transaction PIN')).toBeNull();
  });
});
