import type { StaffFundingRequest } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  stubObjectUrls,
  type FakeResponse,
} from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REVIEWER = staffMe(['funding.review']);

const PATH = '/api/v1/staff/funding/requests/12';
const PROOF = `${PATH}/proof`;
const CONFIRM = `${PATH}/confirm`;
const DECLINE = `${PATH}/decline`;

function request(overrides: Partial<StaffFundingRequest> = {}): StaffFundingRequest {
  return {
    id: '12',
    kind: 'fixed_deposit',
    paidFrom: 'crypto',
    type: 'USDT',
    transactionId: null,
    subject: 'Gold 12 months',
    claimedAmount: '150000',
    currency: 'USD',
    status: 'pending',
    createdAt: '2026-11-20T09:30:00.000Z',
    customer: {
      id: '31',
      firstName: 'Ama',
      lastName: 'Mensah',
      email: 'ama@example.com',
      username: 'amensah',
    },
    payToAddress: 'TQ5n8Lx4bN9eVxK2d7YwH3mR6pJ1sZcA0f',
    network: 'TRC-20',
    receivedAmount: null,
    declineReason: null,
    decidedAt: null,
    decidedBy: null,
    proofMime: 'image/webp',
    coinQuote: null,
    sameTransactionIdOn: [],
    planTerms: '12 months at 5.25 % a year, $1,000.00 to $50,000.00',
    dualControlThreshold: '500000',
    proposal: null,
    ...overrides,
  };
}

/**
 * A fake API holding one request: the decision endpoints answer with `answers` (by path) or,
 * by default, decide the request as the server would; the request is then read as decided.
 */
function staffApi(answers: Record<string, (body: unknown) => FakeResponse> = {}) {
  let current = request();
  const decided = { decidedAt: '2026-11-21T11:00:00.000Z', decidedBy: 'Grace Hopper' };
  return mockFetch((path, body) => {
    const custom = answers[path];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: REVIEWER } };
    if (path === PATH) return { status: 200, body: current };
    if (path === PROOF) return { status: 200, body: 'webp bytes' };
    if (path === CONFIRM) {
      const { receivedAmount } = body as { receivedAmount: string };
      current = { ...current, ...decided, status: 'confirmed', receivedAmount };
      return { status: 200, body: current };
    }
    if (path === DECLINE) {
      const { reason } = body as { reason: string };
      current = { ...current, ...decided, status: 'declined', declineReason: reason };
      return { status: 200, body: current };
    }
    if (path.startsWith('/api/v1/staff/funding/queue'))
      return { status: 200, body: { items: [], nextCursor: null } };
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

async function amountField() {
  return (await screen.findByLabelText(/^Amount received/)) as HTMLInputElement;
}

describe('reviewing one funding request', () => {
  it('shows the request, where it was paid, and the proof fetched once', async () => {
    const urls = stubObjectUrls();
    const fetchMock = staffApi();
    renderRoute('/admin/funding/12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fixed deposit 12: Ama Mensah' }),
    ).toBeTruthy();
    const details = within(screen.getByRole('region', { name: 'Request' }));
    expect(details.getByText('Fixed deposit')).toBeTruthy();
    expect(details.getByText('ama@example.com')).toBeTruthy();
    expect(details.getByText('USDT')).toBeTruthy();
    expect(details.getByText('TQ5n8Lx4bN9eVxK2d7YwH3mR6pJ1sZcA0f')).toBeTruthy();
    expect(details.getByText('TRC-20')).toBeTruthy();
    expect(details.getByText('Gold 12 months')).toBeTruthy();
    expect(details.getByText('12 months at 5.25 % a year, $1,000.00 to $50,000.00')).toBeTruthy();
    expect(details.getByText('$1,500.00')).toBeTruthy();

    const proof = (await screen.findByRole('img', {
      name: 'Proof of payment',
    })) as HTMLImageElement;
    expect(proof.getAttribute('src')).toMatch(/^blob:/);
    const full = screen.getByRole('link', { name: 'Open full size, proof of payment (new tab)' });
    expect(full.getAttribute('href')).toMatch(/^blob:/);
    expect(full.getAttribute('target')).toBe('_blank');
    const [, init] = callsTo(fetchMock, PROOF)[0] ?? [];
    expect(init?.credentials).toBe('same-origin');
    // Every fetch of the proof is a view in the audit log: one visit, one fetch.
    expect(callsTo(fetchMock, PROOF)).toHaveLength(1);
    expect(urls.made.length).toBeGreaterThanOrEqual(2);

    // Empty: the reviewer types what arrived, never takes the claim by default.
    const amount = await amountField();
    expect(amount.value).toBe('');
    expect(amount.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(/Confirmations of \$5,000\.00 or more need a second person/),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Reason for the customer/)).toBeTruthy();
  });

  it('fetches the proof once even when mounted twice (strict mode), revoking what it drops', async () => {
    const urls = stubObjectUrls();
    const fetchMock = staffApi();
    renderRoute('/admin/funding/12', undefined, { strict: true });
    const proof = await screen.findByRole('img', { name: 'Proof of payment' });
    expect(callsTo(fetchMock, PROOF)).toHaveLength(1);
    // Whatever object URL the image shows is live, not one revoked by the second mount.
    expect(urls.revoked).not.toContain(proof.getAttribute('src'));
    cleanup();
    expect(urls.revoked.sort()).toEqual(urls.made.sort());
  });

  it('confirms a different amount than claimed, saying so, and sends it in minor units', async () => {
    stubObjectUrls();
    const fetchMock = staffApi();
    renderRoute('/admin/funding/12');
    const amount = await amountField();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,425.5');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm this request?' });
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain(
      'The customer claimed $1,500.00, but you are confirming $1,425.50: $74.50 less than claimed.',
    );
    expect(description?.textContent).toContain(
      'A fixed deposit of $1,425.50 opens for Ama Mensah on the Gold 12 months plan',
    );
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm $1,425.50' }));

    const outcome = await screen.findByText(
      'Confirmed with $1,425.50. The customer has been told.',
    );
    expect(sentBodyTo(fetchMock, CONFIRM)).toEqual({ receivedAmount: '142550' });
    const [, init] = callsTo(fetchMock, CONFIRM)[0] ?? [];
    expect(new Headers(init?.headers).get('x-bank-csrf')).toBe('1');
    expect(document.activeElement?.contains(outcome)).toBe(true);

    const decided = within(await screen.findByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('Confirmed')).toBeTruthy();
    expect(decided.getByText('$1,425.50, $74.50 less than claimed')).toBeTruthy();
    expect(decided.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The request (and any queue) is read again after the decision; the proof is not.
    await waitFor(() => expect(callsTo(fetchMock, PATH).length).toBeGreaterThanOrEqual(2));
    expect(callsTo(fetchMock, PROOF)).toHaveLength(1);
  });

  it('confirms the claimed amount without speaking of a difference', async () => {
    stubObjectUrls();
    const fetchMock = staffApi();
    renderRoute('/admin/funding/12');
    await userEvent.type(await amountField(), '1,500.00');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).not.toContain('claimed');
    expect(dialog.textContent).toContain('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm $1,500.00' }));
    expect(await screen.findByText('Confirmed with $1,500.00. The customer has been told.'));
    expect(sentBodyTo(fetchMock, CONFIRM)).toEqual({ receivedAmount: '150000' });
  });

  it('refuses what is not an amount before sending anything', async () => {
    stubObjectUrls();
    const fetchMock = staffApi();
    renderRoute('/admin/funding/12');
    const amount = await amountField();
    for (const [typed, message] of [
      ['about 1500', 'Use an amount such as 1,500.00, with at most two decimals'],
      ['12.345', 'Use an amount such as 1,500.00, with at most two decimals'],
      ['-5', 'Use an amount such as 1,500.00, with at most two decimals'],
      ['0.00', 'Nothing arrived? Decline the request instead'],
      ['100,000,000.01', 'That amount is too large: at most 100,000,000.00'],
      [' ', 'Enter the amount that arrived'],
    ] as const) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(0);
  });

  it("puts the server's refusal of the amount on the amount field", async () => {
    stubObjectUrls();
    staffApi({
      [CONFIRM]: () =>
        problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
          {
            path: 'body.receivedAmount',
            message:
              'The least this plan takes is $1,000.00: decline the request if what arrived does not fit the plan',
          },
        ]),
    });
    renderRoute('/admin/funding/12');
    const amount = await amountField();
    await userEvent.clear(amount);
    await userEvent.type(amount, '900');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm $900.00' }));

    expect(
      await screen.findByText(
        'The least this plan takes is $1,000.00: decline the request if what arrived does not fit the plan',
      ),
    ).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(screen.queryByText('Some fields are missing or not valid.')).toBeNull();
    // Still pending: the decision stays open.
    expect(screen.getByRole('heading', { name: 'Decision' })).toBeTruthy();
  });

  it('says when someone else decided first, and shows their decision', async () => {
    stubObjectUrls();
    let reads = 0;
    const fetchMock = staffApi({
      [PATH]: () => {
        reads += 1;
        return {
          status: 200,
          body:
            reads === 1
              ? request()
              : request({
                  status: 'declined',
                  declineReason: 'No payment arrived at the address.',
                  decidedAt: '2026-11-21T10:58:00.000Z',
                  decidedBy: 'Alan Turing',
                }),
        };
      },
      [CONFIRM]: () => problem(409, 'CONFLICT', 'This request was already decided.'),
    });
    renderRoute('/admin/funding/12');
    await userEvent.type(await amountField(), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm $1,500.00' }));

    expect(
      await screen.findByText(
        'Someone else decided this request first: it was declined by Alan Turing. Your decision was not applied; the request below is as it stands now.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(1);
    expect(callsTo(fetchMock, PATH)).toHaveLength(2);
    const decided = within(screen.getByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('No payment arrived at the address.')).toBeTruthy();
    expect(decided.getByText('Alan Turing')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
    expect(screen.queryByLabelText(/^Amount received/)).toBeNull();
  });

  it('declines only with a reason, and sends it', async () => {
    stubObjectUrls();
    const fetchMock = staffApi();
    renderRoute('/admin/funding/12');
    const reason = await screen.findByLabelText(/^Reason for the customer/);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Give the customer a reason')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(reason, 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Give the customer a reason')).toBeTruthy();
    expect(callsTo(fetchMock, DECLINE)).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'Nothing arrived at the USDT address.');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined. The customer has been told why.')).toBeTruthy();
    expect(sentBodyTo(fetchMock, DECLINE)).toEqual({
      reason: 'Nothing arrived at the USDT address.',
    });
    const decided = within(await screen.findByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('Declined')).toBeTruthy();
    expect(decided.getByText('Nothing arrived at the USDT address.')).toBeTruthy();
    expect(callsTo(fetchMock, CONFIRM)).toHaveLength(0);
  });

  it('shows a decided request as it stands, with nothing left to decide', async () => {
    stubObjectUrls();
    staffApi({
      [PATH]: () => ({
        status: 200,
        body: request({
          status: 'confirmed',
          receivedAmount: '160000',
          decidedAt: '2026-11-21T11:00:00.000Z',
          decidedBy: 'Alan Turing',
        }),
      }),
    });
    renderRoute('/admin/funding/12');
    const decided = within(await screen.findByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('$1,600.00, $100.00 more than claimed')).toBeTruthy();
    expect(decided.getByText('Alan Turing')).toBeTruthy();
    expect(decided.getByText('21/11/2026', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('says when the proof cannot be loaded, and loads it again on request', async () => {
    stubObjectUrls();
    let fail = true;
    const fetchMock = staffApi({
      [PROOF]: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The file store is busy.')
          : { status: 200, body: 'webp bytes' },
    });
    renderRoute('/admin/funding/12');
    expect(
      await screen.findByText('The proof could not be loaded. The file store is busy.'),
    ).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Load the proof again' }));
    expect(await screen.findByRole('img', { name: 'Proof of payment' })).toBeTruthy();
    expect(callsTo(fetchMock, PROOF)).toHaveLength(2);
  });

  it('says when the request does not exist', async () => {
    staffApi({ [PATH]: () => problem(404, 'NOT_FOUND', 'No such request') });
    renderRoute('/admin/funding/12');
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('sends a confirmation above the claim for approval, and shows it waiting for a second person', async () => {
    stubObjectUrls();
    const proposal = {
      id: '7',
      summary: 'Confirm the fixed deposit request #12 with $1,600.00 received (claimed $1,500.00)',
      proposedBy: 'Grace Hopper',
      proposedAt: '2026-11-21T11:00:00.000Z',
    };
    let current = request();
    const fetchMock = staffApi({
      [PATH]: () => ({ status: 200, body: current }),
      [CONFIRM]: () => {
        current = request({ proposal });
        return { status: 202, body: current };
      },
    });
    renderRoute('/admin/funding/12');
    await userEvent.type(await amountField(), '1600');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Send this confirmation for approval?')).toBeTruthy();
    expect(dialog.textContent).toContain('This needs a second person');
    expect(dialog.textContent).not.toContain('This cannot be undone.');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Send $1,600.00 for approval' }),
    );

    const outcome = await screen.findByRole('status', { name: '' });
    expect(outcome.textContent).toContain('Waiting for a second person.');
    const links = screen.getAllByRole('link', { name: 'Open proposal 7' });
    expect(links.map((l) => l.getAttribute('href'))).toContain('/admin/approvals/7');
    expect(sentBodyTo(fetchMock, CONFIRM)).toEqual({ receivedAmount: '160000' });
    // Read again: waiting, with nothing left to decide here.
    const waiting = await screen.findByRole('region', { name: 'Waiting for a second person' });
    expect(waiting.textContent).toContain('Proposed by Grace Hopper');
    expect(screen.queryByLabelText(/^Amount received/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('at or above the threshold, the dialog says it goes to a second person', async () => {
    stubObjectUrls();
    staffApi();
    renderRoute('/admin/funding/12');
    const amount = await amountField();
    await userEvent.type(amount, '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('dialog').textContent).toContain('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    cleanup();
    staffApi({
      [PATH]: () => ({ status: 200, body: request({ dualControlThreshold: '100000' }) }),
    });
    renderRoute('/admin/funding/12');
    await userEvent.type(await amountField(), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('dialog').textContent).toContain('This needs a second person');
    expect(screen.getByRole('button', { name: 'Send $1,000.00 for approval' })).toBeTruthy();
  });
});
