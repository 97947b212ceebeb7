import type { FixedDepositQuote } from '@bank/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, fieldProblem } from '../../test-fixtures';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  stubObjectUrls,
  type FakeResponse,
} from '../../test-utils';
import {
  created,
  fixedDeposit,
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

const QUOTE = '/api/v1/fixed-deposits/quote';
const LIST = '/api/v1/fixed-deposits';

/** The form's Continue, then the review's PIN and its Pay button. */
async function startDeposit(user: ReturnType<typeof userEvent.setup>, pay: string) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Transaction PIN'), '2580');
  await user.click(screen.getByRole('button', { name: pay }));
}

const quote: FixedDepositQuote = {
  principal: '100000',
  annualRateBp: 500,
  termDays: 365,
  startDate: '2026-11-24',
  maturityDate: '2027-11-24',
  interest: '5000',
  total: '105000',
  currency: 'USD',
};

/** The server's quote: 5 % for a year on 1000.00; below 100.00 the plan refuses the amount. */
function quoteAnswer(path: string): FakeResponse | null {
  if (!path.startsWith(`${QUOTE}?`)) return null;
  const params = new URLSearchParams(path.slice(QUOTE.length + 1));
  if (params.get('plan') !== '7') return problem(400, 'VALIDATION_FAILED', 'Choose from the list');
  if (Number(params.get('amount')) < 100) {
    return fieldProblem('query.amount', 'The smallest amount for this plan is $100.00');
  }
  return { status: 200, body: quote };
}

describe('Fixed deposit', () => {
  it('lists the methods, From your balance first, and the deposits with their terms and status', async () => {
    mockFetch(
      fundingAnswers({
        [LIST]: {
          status: 200,
          body: {
            items: [
              fixedDeposit(),
              fixedDeposit({
                id: '2',
                planName: 'Three months',
                annualRateBp: 325,
                principal: '50000',
                accrued: '401',
                interestAtMaturity: '401',
                startDate: '2026-05-01',
                maturityDate: '2026-08-01',
                status: 'matured',
              }),
            ],
          },
        },
      }),
    );
    renderRoute('/dashboard/fixed-deposit');
    const methods = await screen.findByRole('region', { name: 'Ways to fund a fixed deposit' });
    await within(methods).findAllByRole('listitem');
    expect(
      within(methods)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        'From your balanceMove money you already hold into a fixed deposit',
        '/dashboard/fixed-deposit/balance',
      ],
      [
        'Crypto DepositMake payments swiftly with crypto currency',
        '/dashboard/fixed-deposit/crypto',
      ],
    ]);
    expect(within(methods).getAllByText('Not available for your region')).toHaveLength(3);

    const running = await screen.findByRole('listitem', { name: 'Twelve months fixed deposit' });
    const detail = (item: HTMLElement, label: string) =>
      within(item).getByText(label).nextElementSibling?.textContent;
    expect(within(running).getByText('5 % a year · account 9000000001')).toBeTruthy();
    expect(detail(running, 'Principal')).toBe('$1,000.00');
    expect(detail(running, 'Interest so far')).toBe('$1.37');
    expect(detail(running, 'Started')).toBe('01/11/2026');
    expect(detail(running, 'Matures')).toBe('01/11/2027');
    expect(within(running).getByText('Active')).toBeTruthy();
    expect(within(running).getByText(/\$50\.00\s+interest at maturity/)).toBeTruthy();

    const matured = screen.getByRole('listitem', { name: 'Three months fixed deposit' });
    expect(within(matured).getByText('Matured')).toBeTruthy();
    expect(within(matured).getByText('3.25 % a year · account 9000000001')).toBeTruthy();
  });

  it('says how to start one when there is none', async () => {
    mockFetch(fundingAnswers());
    renderRoute('/dashboard/fixed-deposit');
    expect(await screen.findByText(/^You have no fixed deposit yet\./)).toBeTruthy();
    // A list of crypto-paid requests appears only once there is one.
    expect(screen.queryByRole('region', { name: 'Fixed deposits paid in crypto' })).toBeNull();
  });
});

describe('Fixed deposit paid in crypto', () => {
  it("shows the plan's terms, then the server's interest and maturity for the amount typed", async () => {
    const fetchMock = mockFetch((path) => quoteAnswer(path) ?? fundingAnswers()(path));
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/crypto');
    for (const label of ['Plan', 'Type', 'Address', 'Amount', 'Payment Proof']) {
      expect(await screen.findByLabelText(label)).toBeTruthy();
    }
    await user.selectOptions(screen.getByLabelText('Plan'), 'Twelve months');
    expect(
      screen.getByText(
        (_, el) => el?.textContent === 'Twelve months: 12 months at 5\u00a0% a year, from $100.00.',
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '1,000');
    const interest = await screen.findByText(/^Interest at maturity:/);
    expect(interest.textContent).toBe(
      'Interest at maturity: $50.00, so $1,050.00 on 24/11/2027 (365 days).',
    );
    // Asked once typing paused, not once per key.
    const asked = fetchMock.mock.calls.map(([path]) => path).filter((p) => p.startsWith(QUOTE));
    expect(asked).toEqual([`${QUOTE}?plan=7&amount=1000`]);
  });

  it("puts the server's objection to the amount on the Amount field", async () => {
    mockFetch((path) => quoteAnswer(path) ?? fundingAnswers()(path));
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/crypto');
    await user.selectOptions(await screen.findByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '50');
    const amount = screen.getByLabelText('Amount');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (amount.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'The smallest amount for this plan is $100.00',
    );
    expect(screen.queryByText(/^Interest at maturity:/)).toBeNull();

    await user.type(amount, '0');
    expect(await screen.findByText(/^Interest at maturity:/)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends plan, type, amount and the proof as fixedDepositPic', async () => {
    const sent = mockUploads(created({ kind: 'fixed_deposit', subject: 'Twelve months' }));
    let submitted = false;
    mockFetch((path) => {
      if (path === requestsPath('fixed_deposit') && submitted) {
        return {
          status: 200,
          body: { items: [request({ kind: 'fixed_deposit', subject: 'Twelve months' })] },
        };
      }
      return quoteAnswer(path) ?? fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/crypto');
    await user.selectOptions(await screen.findByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '1000');
    await user.upload(screen.getByLabelText('Payment Proof'), proofImage());
    await user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const [upload] = sent;
    expect(upload?.url).toBe('/api/v1/funding/fixed-deposits');
    expect(Array.from(upload?.body.keys() ?? [])).toEqual([
      'plan',
      'type',
      'amount',
      'fixedDepositPic',
    ]);
    expect(upload?.body.get('plan')).toBe('7');
    expect(upload?.body.get('amount')).toBe('1000');
    submitted = true;
    act(() => upload?.finish());
    expect(await screen.findByText('Payment Pending!')).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Fixed deposits paid in crypto' });
    const item = await within(list).findByRole('listitem');
    expect(item.textContent).toContain('Bitcoin · Twelve months · 03/11/2026');
  });
});

describe('Fixed deposit from your balance', () => {
  it('shows the balance and the quote, opens the deposit with a key, then refreshes the balance', async () => {
    let opened = false;
    const fetchMock = mockFetch((path, body) => {
      if (path === LIST && body !== undefined) {
        opened = true;
        return {
          status: 201,
          body: fixedDeposit({ startDate: '2026-11-24', maturityDate: '2027-11-24', accrued: '0' }),
        };
      }
      if (path === '/api/v1/accounts/current' && opened) {
        return { status: 200, body: { ...account, availableBalance: '23456' } };
      }
      return quoteAnswer(path) ?? fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/balance');
    expect(await screen.findByText('$1,234.56')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '1,000');
    expect(await screen.findByText(/^Interest at maturity:/)).toBeTruthy();
    await startDeposit(user, 'Pay $1,000.00 into the deposit');

    const started = await screen.findByText('Fixed deposit started.');
    expect(started.closest('[role="status"]')?.textContent).toBe(
      'Fixed deposit started. Your fixed deposit of $1,000.00 has started. It matures on 24/11/2027 with $50.00 interest.',
    );
    const sent = sentBodyTo(fetchMock, LIST) as Record<string, string>;
    expect(sent.plan).toBe('7');
    expect(sent.amount).toBe('1000');
    expect(sent.idempotencyKey).toMatch(/^[a-f0-9]{32}$/);
    expect(sent.pin).toBe('2580');
    expect(Object.keys(sent).sort()).toEqual(['amount', 'idempotencyKey', 'pin', 'plan']);
    expect(await screen.findByText('$234.56')).toBeTruthy();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it('keeps the key when the same deposit is tried again, and says why it was refused', async () => {
    const fetchMock = mockFetch((path, body) => {
      if (path === LIST && body !== undefined) {
        return fieldProblem('body.amount', 'Insufficient balance');
      }
      return quoteAnswer(path) ?? fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/balance');
    await user.selectOptions(await screen.findByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '1000');
    await startDeposit(user, 'Pay $1,000.00 into the deposit');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong! Insufficient balance',
    );
    const amount = screen.getByLabelText('Amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await startDeposit(user, 'Pay $1,000.00 into the deposit');
    await waitFor(() =>
      expect(callsTo(fetchMock, LIST).filter(([, init]) => init?.method === 'POST')).toHaveLength(
        2,
      ),
    );
    const keys = callsTo(fetchMock, LIST)
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)).idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the notice dialog when the account is on hold, and Okay closes it', async () => {
    const onHold = {
      title: 'Your account is on hold',
      body: 'Payments out of your account are on hold, so a fixed deposit cannot be opened from your balance. Nothing has left your account. Please contact us through Help & Support.',
    };
    mockFetch((path, body) => {
      if (path === LIST && body !== undefined) {
        const refused = problem(422, 'ACCOUNT_ON_HOLD', onHold.body);
        return { ...refused, body: { ...refused.body, notice: onHold } };
      }
      return quoteAnswer(path) ?? fundingAnswers()(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/balance');
    await user.selectOptions(await screen.findByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '1000');
    await startDeposit(user, 'Pay $1,000.00 into the deposit');
    const dialog = await screen.findByRole('dialog', { name: onHold.title });
    expect(dialog.textContent).toContain(onHold.body);
    // Said in the dialog, not as a failed field.
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('refuses more than the available balance before asking the server', async () => {
    const fetchMock = mockFetch((path) => quoteAnswer(path) ?? fundingAnswers()(path));
    const user = userEvent.setup();
    renderRoute('/dashboard/fixed-deposit/balance');
    await screen.findByText('$1,234.56');
    await user.selectOptions(screen.getByLabelText('Plan'), 'Twelve months');
    await user.type(screen.getByLabelText('Amount'), '2000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Insufficient balance')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    expect(callsTo(fetchMock, LIST).some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
