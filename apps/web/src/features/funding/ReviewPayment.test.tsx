import { PIN_NETWORK_ERROR } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldProblem } from '../../test-fixtures';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../test-utils';
import { fixedDeposit, fundingAnswers, request } from './testing';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PAY = '/api/v1/funding/payments/from-balance';
const UPGRADE = '/api/v1/funding/upgrades/from-balance';
const OPEN = '/api/v1/fixed-deposits';
const PIN_STATUS = '/api/v1/pin';

const paid: FakeResponse = {
  status: 201,
  body: {
    status: 'confirmed',
    request: request({
      kind: 'payment',
      paidFrom: 'balance',
      type: 'Account balance',
      subject: 'Statement copy',
      claimedAmount: '2500',
      receivedAmount: '2500',
      status: 'confirmed',
    }),
  },
};

const wrongPin = (triesLeft: number): FakeResponse =>
  problem(
    422,
    'UNPROCESSABLE',
    `Incorrect PIN. ${triesLeft} tries left before PIN use is paused.`,
    [{ path: 'body.pin', message: 'Incorrect PIN' }],
  );

const PAUSED =
  'Too many wrong PINs. For your security, PIN use is paused for 30 more minutes. Forgot your PIN? Reset it in Settings.';

/** The server of the payment page, answering the payment with the test's answers in turn. */
function paying(answers: ((body: unknown) => FakeResponse | Promise<FakeResponse>)[], pin = {}) {
  let sent = 0;
  const base = fundingAnswers({
    [PIN_STATUS]: { status: 200, body: { hasPin: true, lockedUntil: null, ...pin } },
  });
  return mockFetch((path, body) => {
    if (path === PAY && body !== undefined) {
      const answer = answers[Math.min(sent, answers.length - 1)];
      sent += 1;
      if (answer) return answer(body);
    }
    return base(path);
  });
}

const sentPayments = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, PAY).map(([, init]) => JSON.parse(String(init?.body)));

/** The payment form filled in for $25.00 of "Statement copy", and Continue pressed. */
async function reviewPayment(user: ReturnType<typeof userEvent.setup>) {
  renderRoute('/dashboard/make-payment/balance');
  await user.selectOptions(await screen.findByLabelText('Purpose'), 'Statement copy');
  await user.type(screen.getByLabelText('Amount'), '25');
  await screen.findByText('$1,234.56');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('region', { name: 'You are about to pay' });
}

const pinField = () => screen.getByLabelText('Transaction PIN') as HTMLInputElement;

describe('paying from the balance: the review and the transaction PIN', () => {
  it('states what will be paid, to whom and for what, before asking for the PIN', async () => {
    const fetchMock = paying([() => paid]);
    const user = userEvent.setup();
    const review = await reviewPayment(user);
    expect(within(review).getByText('$25.00')).toBeTruthy();
    const terms = within(review)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(review)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      To: 'Cedar Bank',
      For: 'Statement copy',
      From: 'Your available balance',
      'Balance after': '$1,209.56',
    });
    // The PIN field as a transfer has it: labelled, masked, digits only, and focused.
    const field = pinField();
    expect(field.type).toBe('password');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText(/to pay \$25\.00 from your balance/)).toBeTruthy();
    // Nothing is sent before the PIN.
    expect(sentPayments(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(within(screen.getByRole('alert')).getByText('Invalid Pin')).toBeTruthy();
    expect(sentPayments(fetchMock)).toEqual([]);

    await user.type(pinField(), '25x80');
    expect(pinField().value).toBe('2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText('Payment made.')).toBeTruthy();
    const [sent] = sentPayments(fetchMock);
    expect(sent).toMatchObject({ purpose: '5', amount: '25', pin: '2580' });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    // Back to an empty form for the next payment, the PIN gone with the review.
    expect(screen.queryByLabelText('Transaction PIN')).toBeNull();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it('says a wrong PIN with the tries left, clears it, and pays with the same key once right', async () => {
    const fetchMock = paying([() => wrongPin(4), () => paid]);
    const user = userEvent.setup();
    await reviewPayment(user);
    await user.type(pinField(), '1357');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Incorrect PIN. 4 tries left before PIN use is paused.');
    // Still the review: the PIN cleared for the next try, and focused.
    expect(screen.getByRole('region', { name: 'You are about to pay' })).toBeTruthy();
    expect(pinField().value).toBe('');
    expect(document.activeElement).toBe(pinField());

    await user.type(pinField(), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText('Payment made.')).toBeTruthy();
    const [first, second] = sentPayments(fetchMock);
    expect(first.pin).toBe('1357');
    expect(second.pin).toBe('2580');
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('says when PIN use is paused, before anything is typed and when the server refuses', async () => {
    const lockedUntil = '2026-11-24T10:30:00.000Z';
    paying([() => problem(423, 'PIN_LOCKED', PAUSED)], { lockedUntil });
    const user = userEvent.setup();
    await reviewPayment(user);
    const before = await screen.findByText(/^After too many wrong PINs, PIN use is paused until/);
    expect(within(before).getByRole('link', { name: /Reset it in Settings/ })).toBeTruthy();
    await user.type(pinField(), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PAUSED);
    expect(screen.queryByText('Payment made.')).toBeNull();
  });

  it('shows the wait while paying: Pay is busy and cannot be pressed twice', async () => {
    let answer: (response: FakeResponse) => void = () => {};
    const fetchMock = paying([() => new Promise<FakeResponse>((resolve) => (answer = resolve))]);
    const user = userEvent.setup();
    await reviewPayment(user);
    await user.type(pinField(), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    const pay = screen.getByRole('button', { name: 'Pay $25.00' }) as HTMLButtonElement;
    await waitFor(() => expect(pay.getAttribute('aria-busy')).toBe('true'));
    expect(pay.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Change details' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(pay);
    expect(sentPayments(fetchMock)).toHaveLength(1);
    answer(paid);
    expect(await screen.findByText('Payment made.')).toBeTruthy();
  });

  it('keeps the PIN after a lost connection and sends the same payment again', async () => {
    const fetchMock = paying([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => paid,
    ]);
    const user = userEvent.setup();
    await reviewPayment(user);
    await user.type(pinField(), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText(PIN_NETWORK_ERROR)).toBeTruthy();
    expect(pinField().value).toBe('2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText('Payment made.')).toBeTruthy();
    const [first, second] = sentPayments(fetchMock);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('goes back to the form with the server objection on its field, and Change details keeps what was typed', async () => {
    paying([() => fieldProblem('body.amount', 'Insufficient balance')]);
    const user = userEvent.setup();
    await reviewPayment(user);
    await user.click(screen.getByRole('button', { name: 'Change details' }));
    expect(screen.queryByLabelText('Transaction PIN')).toBeNull();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    const amount = await screen.findByLabelText('Amount');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Something went wrong! Insufficient balance',
    );
    await waitFor(() => expect(document.activeElement).toBe(amount));
  });

  it('sends a customer without a PIN to create one', async () => {
    paying([() => paid], { hasPin: false });
    const user = userEvent.setup();
    await reviewPayment(user);
    const link = await screen.findByRole('link', { name: 'Create your PIN' });
    expect(link.getAttribute('href')).toBe('/dashboard/pincreation');
  });
});

describe('the review of an upgrade and of a fixed deposit', () => {
  it('an upgrade names the plan and its price, and sends the PIN with it', async () => {
    const fetchMock = mockFetch((path, body) => {
      if (path === UPGRADE && body !== undefined) {
        return {
          status: 201,
          body: {
            status: 'confirmed',
            request: request({
              kind: 'upgrade',
              paidFrom: 'balance',
              type: 'Account balance',
              subject: 'Gold',
              claimedAmount: '15000',
              status: 'confirmed',
            }),
          },
        };
      }
      return fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    await user.click(await screen.findByRole('radio', { name: /From your balance/ }));
    await user.selectOptions(screen.getByLabelText('Plan'), '2');
    await screen.findByText('$1,234.56');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const review = await screen.findByRole('region', { name: 'You are about to pay' });
    expect(within(review).getByText('$150.00')).toBeTruthy();
    expect(within(review).getByText('Cedar Bank')).toBeTruthy();
    expect(
      within(review).getByText('The Gold plan, which applies as soon as it is paid'),
    ).toBeTruthy();
    expect(within(review).getByText('$1,084.56')).toBeTruthy();
    await user.type(pinField(), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $150.00 and upgrade' }));
    expect(await screen.findByText('You are now on the Gold plan.')).toBeTruthy();
    const sent = JSON.parse(String(callsTo(fetchMock, UPGRADE)[0]?.[1]?.body));
    expect(sent).toMatchObject({ plan: '2', amount: '150.00', pin: '2580' });
  });

  it('a fixed deposit names the plan, its rate and maturity, and sends the PIN with it', async () => {
    const fetchMock = mockFetch((path, body) => {
      if (path === OPEN && body !== undefined) {
        return {
          status: 201,
          body: fixedDeposit({ startDate: '2026-11-24', maturityDate: '2027-11-24' }),
        };
      }
      if (path.startsWith(`${OPEN}/quote`)) {
        return {
          status: 200,
          body: {
            principal: '100000',
            annualRateBp: 500,
            termDays: 365,
            startDate: '2026-11-24',
            maturityDate: '2027-11-24',
            interest: '5000',
            total: '105000',
            currency: 'USD',
          },
        };
      }
      return fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/balance');
    await user.selectOptions(await screen.findByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '1000');
    expect(await screen.findByText(/^Interest at maturity:/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const review = await screen.findByRole('region', { name: 'You are about to pay' });
    const terms = within(review)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(review)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Into: 'A new fixed deposit: Twelve months, 5\u00a0% a year',
      Matures: '24/11/2027, with $50.00 interest',
      From: 'Your available balance',
      'Balance after': '$234.56',
    });
    await user.type(pinField(), '2580');
    await user.click(screen.getByRole('button', { name: 'Pay $1,000.00 into the deposit' }));
    expect(await screen.findByText('Fixed deposit started.')).toBeTruthy();
    const sent = JSON.parse(
      String(callsTo(fetchMock, OPEN).find(([, init]) => init?.method === 'POST')?.[1]?.body),
    );
    expect(sent).toMatchObject({ plan: '7', amount: '1000', pin: '2580' });
  });
});
