import type { FundingForms } from '@bank/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayMonthYearAt } from '../../components/funding/format';
import { fieldProblem } from '../../test-fixtures';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  stubObjectUrls,
} from '../../test-utils';
import {
  BTC_ADDRESS,
  created,
  forms,
  fundingAnswers,
  mockUploads,
  proofImage,
  request,
  requestsPath,
} from './testing';

beforeEach(() => {
  stubObjectUrls();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const UPGRADE = '/api/v1/funding/upgrades/from-balance';
const PAY = '/api/v1/funding/payments/from-balance';
const FORMS = '/api/v1/funding/forms';
const KEY = /^[0-9a-f]{32}$/;

/** The review's PIN typed and its Pay button pressed. */
async function authorize(user: ReturnType<typeof userEvent.setup>, pay: string) {
  await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
  await user.click(screen.getByRole('button', { name: pay }));
}

const paid = (overrides: Parameters<typeof request>[0]) => ({
  status: 201,
  body: {
    status: 'confirmed',
    request: request({
      paidFrom: 'balance',
      type: 'Account balance',
      status: 'confirmed',
      decidedAt: '2026-11-03T10:00:00.000Z',
      ...overrides,
    }),
  },
});

describe('Upgrade Account from the balance', () => {
  it('pays the price with a key and shows the new plan at once', async () => {
    let upgraded = false;
    const answers = fundingAnswers();
    const fetchMock = mockFetch((path, body) => {
      if (path === UPGRADE && body !== undefined) {
        upgraded = true;
        return paid({ kind: 'upgrade', subject: 'Gold', claimedAmount: '15000' });
      }
      if (path === FORMS && upgraded) {
        return { status: 200, body: { ...forms, currentPlanId: '2' } };
      }
      return answers(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    await user.click(await screen.findByRole('radio', { name: /From your balance/ }));
    // Only the balance form: no coin, address or proof to give.
    expect(screen.queryByLabelText('Payment Proof')).toBeNull();
    expect(await screen.findByText('$1,234.56')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Plan'), '2');
    expect(screen.getByRole('table', { name: 'What changes with Gold' })).toBeTruthy();
    expect(screen.getByText(/from your balance, once\./).textContent).toContain('You pay $150.00');
    expect(screen.getByRole('group', { name: 'Pay with' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The review settles how it is paid: the choice is not offered beside the PIN.
    await screen.findByLabelText('Transaction PIN');
    expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
    await authorize(user, 'Pay $150.00 and upgrade');

    expect(await screen.findByText('You are now on the Gold plan.')).toBeTruthy();
    const sent = sentBodyTo(fetchMock, UPGRADE) as Record<string, string>;
    expect(sent).toMatchObject({ plan: '2', amount: '150.00', pin: '2580' });
    expect(sent.idempotencyKey).toMatch(KEY);
    // The plan shown is the one the server now says, read again.
    await waitFor(() => expect(screen.getByText('Gold', { selector: 'strong' })).toBeTruthy());
    expect(screen.getByText('There is no other plan to move to right now.')).toBeTruthy();
  });

  it('asks for a plan, and says Insufficient balance before asking the server', async () => {
    const fetchMock = mockFetch(
      fundingAnswers({
        '/api/v1/accounts/current': {
          status: 200,
          body: {
            availableBalance: '14999',
            totalCredit: '14999',
            totalDebit: '0',
            currency: 'USD',
            accountNumber: '1234567897',
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    await user.click(await screen.findByRole('radio', { name: /From your balance/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const plan = screen.getByLabelText('Plan');
    expect(document.getElementById(`${plan.id}-error`)?.textContent).toBe('A plan is required');
    expect(document.activeElement).toBe(plan);
    await screen.findByText('$149.99');
    await user.selectOptions(plan, '2');
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Not taken to the PIN: nothing could be paid.
    expect(screen.queryByLabelText('Transaction PIN')).toBeNull();
    expect(callsTo(fetchMock, UPGRADE)).toHaveLength(0);
  });

  it('says why the server refused, keeps the key for a retry, and shows the on-hold notice', async () => {
    let answer = fieldProblem('body.amount', 'The Gold plan costs $160.00 now: check the price');
    const fetchMock = mockFetch((path, body) => {
      if (path === UPGRADE && body !== undefined) return answer;
      return fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/upgrade');
    await user.click(await screen.findByRole('radio', { name: /From your balance/ }));
    await user.selectOptions(screen.getByLabelText('Plan'), '2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await authorize(user, 'Pay $150.00 and upgrade');
    // Back to the form, which says why.
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(
      screen.getAllByText('The Gold plan costs $160.00 now: check the price'),
    ).not.toHaveLength(0);

    const onHold = {
      title: 'Your account is on hold',
      body: 'Payments out of your account are on hold, so your plan cannot be upgraded now. Please contact us through Help & Support.',
    };
    const refused = problem(422, 'ACCOUNT_ON_HOLD', onHold.body);
    answer = { ...refused, body: { ...refused.body, notice: onHold } };
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await authorize(user, 'Pay $150.00 and upgrade');
    const dialog = await screen.findByRole('dialog', { name: onHold.title });
    expect(dialog.textContent).toContain(onHold.body);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    // Both attempts were the same payment: one key.
    const keys = callsTo(fetchMock, UPGRADE).map(
      ([, init]) => JSON.parse(String(init?.body)).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('Upgrade Account while an upgrade waits', () => {
  it('says so before any form is filled', async () => {
    mockFetch(
      fundingAnswers({
        [requestsPath('upgrade')]: {
          status: 200,
          body: { items: [request({ kind: 'upgrade', subject: 'Gold', status: 'pending' })] },
        },
      }),
    );
    renderRoute('/dashboard/upgrade');
    expect(
      await screen.findByText(/^Your upgrade to the Gold plan is waiting for us to confirm/),
    ).toBeTruthy();
  });
});

describe('Make payment from the balance', () => {
  it('is a method of its own, checks the fields, pays with a key and lists the payment', async () => {
    let done = false;
    const fetchMock = mockFetch((path, body) => {
      if (path === PAY && body !== undefined) {
        done = true;
        return paid({ kind: 'payment', subject: 'Statement copy', claimedAmount: '2500' });
      }
      if (path === requestsPath('payment') && done) {
        return {
          status: 200,
          body: {
            items: [
              request({
                kind: 'payment',
                paidFrom: 'balance',
                type: 'Account balance',
                subject: 'Statement copy',
                claimedAmount: '2500',
                receivedAmount: '2500',
                status: 'confirmed',
              }),
            ],
          },
        };
      }
      return fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/make-payment');
    const methods = await screen.findByRole('region', { name: 'Payment methods' });
    await user.click(await within(methods).findByRole('link', { name: /From your balance/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay from your balance' }));

    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose what the payment is for')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Purpose'));
    await user.selectOptions(screen.getByLabelText('Purpose'), 'Statement copy');
    await user.type(screen.getByLabelText('Amount'), '2000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(callsTo(fetchMock, PAY)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await authorize(user, 'Pay $25.00');
    expect(await screen.findByText('Payment made.')).toBeTruthy();
    expect(
      screen.getByText(/You paid \$25\.00 for Statement copy from your balance\./),
    ).toBeTruthy();
    const sent = sentBodyTo(fetchMock, PAY) as Record<string, string>;
    expect(sent).toMatchObject({ purpose: '5', amount: '25', pin: '2580' });
    expect(sent.idempotencyKey).toMatch(KEY);
    const list = await screen.findByRole('region', { name: 'Your payments' });
    expect(await within(list).findByText(/Account balance/)).toBeTruthy();
    expect(within(list).getByText('confirmed')).toBeTruthy();
    // Ready for the next payment, cleared.
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });
});

describe('the crypto forms', () => {
  const withRate: FundingForms = {
    ...forms,
    cryptoTypes: [
      {
        ...(forms.cryptoTypes[0] as FundingForms['cryptoTypes'][number]),
        rate: { perCoin: '65000.5', symbol: 'BTC', decimals: 8, setAt: '2026-11-20T12:30:00.000Z' },
      },
      forms.cryptoTypes[1] as FundingForms['cryptoTypes'][number],
    ],
  };

  it('say how much of the coin to send when staff set a rate, and nothing without one', async () => {
    mockFetch(fundingAnswers({ [FORMS]: { status: 200, body: withRate } }));
    const user = userEvent.setup();
    renderRoute('/dashboard/add-funds/crypto');
    expect(await screen.findByText(BTC_ADDRESS)).toBeTruthy();
    const asOf = `rate as of ${dayMonthYearAt('2026-11-20T12:30:00.000Z')}`;
    expect(asOf).toContain('20/11/2026');
    expect(screen.getByText(/1 BTC is about \$65,000\.50/).textContent).toContain(asOf);
    await user.type(screen.getByLabelText('Amount'), '800');
    const line = screen.getByText(/^Send about/);
    expect(line.textContent).toBe(`Send about 0.0123076 BTC (${asOf}).`);
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '1,500');
    expect(screen.getByText(/^Send about/).textContent).toContain('0.02307675 BTC');
    // USDT has no rate: no coin amount, nothing made up.
    await user.selectOptions(screen.getByLabelText('Type'), 'USDT');
    expect(screen.queryByText(/^Send about/)).toBeNull();
    expect(screen.queryByText(/rate as of/)).toBeNull();
  });

  it('take a transaction id beside the proof, checked before sending, and send it', async () => {
    const sent = mockUploads(created({ kind: 'deposit' }));
    mockFetch(fundingAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/add-funds/crypto');
    const txId = await screen.findByLabelText('Transaction id (optional)');
    await user.type(screen.getByLabelText('Amount'), '25');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.type(txId, 'not a hash');
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(txId.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${txId.id}-error`)?.textContent).toContain('16 to 128 letters');
    expect(document.activeElement).toBe(txId);
    expect(sent).toHaveLength(0);

    await user.clear(txId);
    // Fixed as soon as it is typed again: the error goes.
    await user.type(txId, `  ${'ab'.repeat(32)} `);
    expect(txId.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.get('transactionId')).toBe('ab'.repeat(32));
    act(() => sent[0]?.finish());
    expect(await screen.findByText('Payment Pending!')).toBeTruthy();
    expect((screen.getByLabelText('Transaction id (optional)') as HTMLInputElement).value).toBe('');
  });

  it('send no transaction id when none is given, and put the server objection on the field', async () => {
    const sent = mockUploads(fieldProblem('body.transactionId', 'That is not a transaction id'));
    mockFetch(fundingAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/add-funds/crypto');
    await user.type(await screen.findByLabelText('Amount'), '25');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.has('transactionId')).toBe(false);
    act(() => sent[0]?.finish());
    const txId = screen.getByLabelText('Transaction id (optional)');
    await waitFor(() => expect(txId.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${txId.id}-error`)?.textContent).toBe(
      'That is not a transaction id',
    );
  });
});
