import type { Approval, StaffFundingRequest } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { LIST, approvalSample } from './testing';

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CHECKER = staffMe(['ledger.adjust.approve']);
const ONE = `${LIST}/5`;

function proposalApi(
  approval: Approval,
  decisions: Record<string, (body: unknown) => FakeResponse> = {},
  me = CHECKER,
) {
  // The server's proposal: as given, then as the decision left it.
  let current: unknown = approval;
  return mockFetch((path, body) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path === ONE) return { status: 200, body: current };
    if (path === `${ONE}/evidence`) return { status: 200, body: 'picture' };
    const decide = decisions[path];
    if (!decide) return problem(404, 'NOT_FOUND', `unexpected ${path}`);
    const answer = decide(body);
    if (answer.status === 200) current = answer.body;
    return answer;
  });
}

/** A deposit of 1,250.00 claimed, proposed to be confirmed with 1,300.00 (more than claimed). */
const CONFIRMATION = approvalSample({
  kind: 'funding.confirm',
  kindLabel: 'Confirm a funding request',
  summary: 'Confirm the deposit request #12 with $1,300.00 received (claimed $1,250.00)',
  reason: 'More than the customer claimed ($1,250.00) would be posted: $1,300.00.',
  details: [
    { label: 'Request', value: '#12: deposit by Bitcoin' },
    { label: 'Customer claimed', value: '$1,250.00' },
    { label: 'Amount received', value: '$1,300.00' },
  ],
  amount: '130000',
  subject: { type: 'funding_request', id: '12' },
  evidenceMime: null,
});

const HASH = '5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const REQUEST: StaffFundingRequest = {
  id: '12',
  kind: 'deposit',
  paidFrom: 'crypto',
  type: 'Bitcoin',
  transactionId: HASH,
  subject: null,
  claimedAmount: '125000',
  currency: 'USD',
  status: 'pending',
  createdAt: '2026-11-20T09:00:00.000Z',
  customer: {
    id: '31',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    username: 'amensah',
  },
  receivedAmount: null,
  declineReason: null,
  decidedAt: null,
  decidedBy: null,
  sameTransactionIdOn: ['9'],
  proposal: {
    id: '5',
    summary: 'Confirm the deposit request #12',
    proposedBy: 'Alan Turing',
    proposedAt: '2026-11-20T09:30:00.000Z',
  },
  payToAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  network: null,
  proofMime: 'image/webp',
  coinQuote: { amount: '0.0192307 BTC', perCoin: '65000', setAt: '2026-11-20T08:00:00.000Z' },
  planTerms: null,
  dualControlThreshold: '100000',
};

function confirmationApi(me: ReturnType<typeof staffMe>) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path === ONE) return { status: 200, body: CONFIRMATION };
    if (path === '/api/v1/staff/funding/requests/12') return { status: 200, body: REQUEST };
    if (path === '/api/v1/staff/funding/requests/12/proof') {
      return { status: 200, body: 'webp bytes' };
    }
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

describe('a proposal to confirm a funding request', () => {
  it('shows what the second person decides on: the proof, the transaction id given twice, the claim against the amount, the coin and rate', async () => {
    const fetchMock = confirmationApi(staffMe(['funding.review']));
    renderRoute('/admin/approvals/5');
    const request = within(await screen.findByRole('region', { name: 'The customer’s request' }));
    expect(request.getByText('Bitcoin', { selector: 'dd' })).toBeTruthy();
    expect(request.getByText(HASH)).toBeTruthy();
    const twice = request.getByText(/check it is not one payment claimed twice/);
    expect(within(twice).getByRole('link', { name: 'request 9' }).getAttribute('href')).toBe(
      '/admin/funding/9',
    );
    expect(request.getByText('$1,250.00')).toBeTruthy();
    expect(request.getByText('$1,300.00, $50.00 more than claimed')).toBeTruthy();
    expect(
      request.getByText(
        /About 0\.0192307 BTC, at \$65,000\.00 a coin \(the rate set 20\/11\/2026, 08:00 UTC/,
      ),
    ).toBeTruthy();
    // The proof of payment, fetched once through the funding queue's route (audited there).
    expect(await screen.findByRole('img', { name: 'Proof of payment' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/v1/staff/funding/requests/12/proof')).toHaveLength(1);
    expect(callsTo(fetchMock, `${ONE}/evidence`)).toHaveLength(0);
    expect(screen.queryByText('No evidence file was attached.')).toBeNull();
  });

  it('without funding review, says the request is not shown and asks for nothing of it', async () => {
    const fetchMock = confirmationApi(staffMe(['ledger.adjust.approve']));
    renderRoute('/admin/approvals/5');
    const request = within(await screen.findByRole('region', { name: 'The customer’s request' }));
    expect(request.getByText(/Your roles do not include reviewing funding requests/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/v1/staff/funding/requests/12')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/v1/staff/funding/requests/12/proof')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'Proof of payment' })).toBeNull();
  });
});

describe('a proposal', () => {
  it('links to the customer and to what it concerns, for those who may open them', async () => {
    const funding = approvalSample({ subject: { type: 'funding_request', id: '12' } });
    proposalApi(funding, {}, staffMe(['funding.review', 'customers.manage']));
    renderRoute('/admin/approvals/5');
    const customer = await screen.findByRole('link', { name: 'Ama Mensah' });
    expect(customer.getAttribute('href')).toBe('/admin/customers/31');
    expect(screen.getByRole('link', { name: 'Funding request 12' }).getAttribute('href')).toBe(
      '/admin/funding/12',
    );
    cleanup();
    vi.unstubAllGlobals();

    // Someone who may open neither reads the words only.
    proposalApi(funding);
    renderRoute('/admin/approvals/5');
    await screen.findByText('Funding request 12');
    expect(screen.queryByRole('link', { name: 'Funding request 12' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ama Mensah' })).toBeNull();
  });

  it('shows what approving does, the reason, the evidence, who and when; approving takes a note', async () => {
    const approved = approvalSample({
      status: 'approved',
      canDecide: false,
      decidedBy: { id: '9', name: 'Grace Hopper' },
      decidedAt: '2026-11-21T08:00:00.000Z',
      decisionNote: 'Matches the statement',
      outcome: [{ label: 'Journal entry', value: '88' }],
    });
    const fetchMock = proposalApi(approvalSample(), {
      [`${ONE}/approve`]: () => ({ status: 200, body: approved }),
    });
    renderRoute('/admin/approvals/5');
    expect(
      await screen.findByRole('heading', { name: 'Proposal 5: Manual ledger adjustment' }),
    ).toBeTruthy();
    expect(screen.getByText('Credit $1,250.00 to Ama Mensah, account 4000000017')).toBeTruthy();
    const does = within(screen.getByRole('region', { name: 'What approving does' }));
    expect(does.getByText('Ama Mensah (account 4000000017)')).toBeTruthy();
    expect(does.getByText('Credit')).toBeTruthy();
    expect(screen.getByText('Card fee charged twice on 3 March')).toBeTruthy();
    const who = within(screen.getByRole('region', { name: 'Who and when' }));
    expect(who.getByText('Alan Turing')).toBeTruthy();
    expect(who.getByText('Expires')).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'Evidence attached to the proposal' }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `${ONE}/evidence`)).toHaveLength(1);
    // Not mine: no withdrawal.
    expect(screen.queryByRole('button', { name: 'Withdraw this proposal' })).toBeNull();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Note (optional)' }),
      'Matches the statement',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved and carried out.')).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${ONE}/approve`)).toEqual({ note: 'Matches the statement' });
    // The decided proposal: who, when, the note and what it did; no more buttons.
    const decision = within(await screen.findByRole('region', { name: 'Decision' }));
    expect(decision.getByText('Approved by')).toBeTruthy();
    expect(decision.getByText('Grace Hopper')).toBeTruthy();
    expect(decision.getByText('Matches the statement')).toBeTruthy();
    expect(decision.getByText('Journal entry')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('rejects only with a note, and tells when someone decided first', async () => {
    const rejectedMeanwhile = approvalSample({
      status: 'rejected',
      canDecide: false,
      decidedBy: { id: '9', name: 'Grace Hopper' },
      decidedAt: '2026-11-21T08:00:00.000Z',
      decisionNote: 'No matching line',
    });
    let current = approvalSample();
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/auth/session') return { status: 200, body: { me: CHECKER } };
      if (path === ONE) return { status: 200, body: current };
      if (path === `${ONE}/evidence`) return { status: 200, body: 'picture' };
      if (path === `${ONE}/reject`) {
        current = rejectedMeanwhile;
        return problem(409, 'CONFLICT', 'This proposal was already decided.');
      }
      return problem(404, 'NOT_FOUND', path);
    });
    renderRoute('/admin/approvals/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const note = screen.getByRole('textbox', { name: 'Why you reject it' });
    expect(await screen.findByText('Say why, for the person who proposed it')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, `${ONE}/reject`)).toHaveLength(0);
    await userEvent.type(note, 'Wrong account');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText(/Someone else decided this proposal first: it was rejected/),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${ONE}/reject`)).toEqual({ note: 'Wrong account' });
  });

  it('offers its proposer only the withdrawal', async () => {
    const withdrawn = approvalSample({
      status: 'withdrawn',
      mine: true,
      canDecide: false,
      decidedBy: { id: '7', name: 'Alan Turing' },
      decidedAt: '2026-11-21T08:00:00.000Z',
    });
    const fetchMock = proposalApi(approvalSample({ mine: true, canDecide: false }), {
      [`${ONE}/withdraw`]: () => ({ status: 200, body: withdrawn }),
    });
    renderRoute('/admin/approvals/5');
    const button = await screen.findByRole('button', { name: 'Withdraw this proposal' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByText('Withdrawn: nothing was done.')).toBeTruthy();
    expect(callsTo(fetchMock, `${ONE}/withdraw`)).toHaveLength(1);
    expect(await screen.findByText('Withdrawn by')).toBeTruthy();
  });

  it('says when an expired one ran out of time, with no buttons', async () => {
    proposalApi(
      approvalSample({
        status: 'expired',
        canDecide: false,
        decidedAt: '2026-11-23T09:30:00.000Z',
      }),
    );
    renderRoute('/admin/approvals/5');
    expect(
      await screen.findByText('Nobody: it ran out of time, and nothing was done'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says when there is no such proposal', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: CHECKER } }
        : problem(404, 'NOT_FOUND', 'No such proposal'),
    );
    renderRoute('/admin/approvals/99');
    expect(await screen.findByRole('heading', { name: 'Proposal not found' })).toBeTruthy();
  });
});
