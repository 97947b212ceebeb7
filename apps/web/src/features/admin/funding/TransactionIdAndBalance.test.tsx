import type { StaffFundingItem, StaffFundingRequest } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, stubObjectUrls } from '../../../test-utils';
import { queueApi, queueItems, staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REVIEWER = staffMe(['funding.review']);
const HASH = '5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const ITEM: StaffFundingItem = {
  id: '12',
  kind: 'deposit',
  paidFrom: 'crypto',
  type: 'Bitcoin',
  transactionId: HASH,
  subject: null,
  claimedAmount: '80000',
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
  receivedAmount: null,
  declineReason: null,
  decidedAt: null,
  decidedBy: null,
  sameTransactionIdOn: [],
  proposal: null,
};

const REQUEST: StaffFundingRequest = {
  ...ITEM,
  payToAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  network: null,
  proofMime: 'image/webp',
  coinQuote: { amount: '0.0123076 BTC', perCoin: '65000.5', setAt: '2026-11-20T09:00:00.000Z' },
  sameTransactionIdOn: ['9'],
  planTerms: null,
  dualControlThreshold: '500000',
};

function reviewApi(request: StaffFundingRequest) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: REVIEWER } };
    if (path === `/api/v1/staff/funding/requests/${request.id}`) {
      return { status: 200, body: request };
    }
    if (path === `/api/v1/staff/funding/requests/${request.id}/proof`) {
      return { status: 200, body: 'webp bytes' };
    }
    if (path.startsWith('/api/v1/staff/funding/queue')) {
      return { status: 200, body: { items: [], nextCursor: null } };
    }
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

describe('the transaction id, for staff', () => {
  it('is in the queue, shortened beside the coin', async () => {
    queueApi(REVIEWER, (s) => `/api/v1/staff/funding/queue?status=${s}`, {
      pending: queueItems(ITEM),
    });
    renderRoute('/admin/funding');
    const table = await screen.findByRole('table', { name: 'Pending requests, oldest first' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row?.textContent).toContain('Bitcoin');
    expect(row?.textContent).toContain('5c504ed4…2060');
    // Given on no other request: nothing flagged.
    expect(row?.textContent).not.toContain('Same id');
  });

  it('is flagged in the queue when other requests gave it too, with links to them', async () => {
    queueApi(REVIEWER, (s) => `/api/v1/staff/funding/queue?status=${s}`, {
      pending: queueItems(
        { ...ITEM, sameTransactionIdOn: ['9'] },
        { ...ITEM, id: '13', sameTransactionIdOn: ['9', '12', '15'] },
      ),
    });
    renderRoute('/admin/funding');
    const table = await screen.findByRole('table', { name: 'Pending requests, oldest first' });
    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(first?.getByText(/Same id as/).textContent).toBe('Same id as request 9');
    expect(first?.getByRole('link', { name: 'request 9' }).getAttribute('href')).toBe(
      '/admin/funding/9',
    );
    expect(second?.getByText(/Same id as/).textContent).toBe(
      'Same id as request 9, request 12 and 1 more',
    );
    // The phone's cards carry the same flag.
    const cards = screen.getByRole('list', { name: 'Pending requests, oldest first' });
    expect(within(cards).getAllByText(/Same id as/)).toHaveLength(2);
  });

  it('is on the request whole, with the coin amount the customer was told and a warning when given twice', async () => {
    stubObjectUrls();
    reviewApi(REQUEST);
    renderRoute('/admin/funding/12');
    const details = within(await screen.findByRole('region', { name: 'Request' }));
    expect(details.getByText(HASH)).toBeTruthy();
    expect(details.getByRole('button', { name: 'Copy the transaction id' })).toBeTruthy();
    expect(details.getByText(/About 0\.0123076 BTC, at \$65,000\.50 a coin/)).toBeTruthy();
    const twice = details.getByText(/check it is not one payment claimed twice/);
    expect(within(twice).getByRole('link', { name: 'request 9' }).getAttribute('href')).toBe(
      '/admin/funding/9',
    );
  });
});

describe('a request paid from the balance, for staff', () => {
  it('says so, has no proof to fetch and nothing to decide', async () => {
    const paid: StaffFundingRequest = {
      ...REQUEST,
      kind: 'payment',
      paidFrom: 'balance',
      type: 'Account balance',
      transactionId: null,
      subject: 'Statement copy',
      payToAddress: null,
      proofMime: null,
      coinQuote: null,
      sameTransactionIdOn: [],
      status: 'confirmed',
      receivedAmount: '80000',
      decidedAt: '2026-11-20T09:30:00.000Z',
    };
    const fetchMock = reviewApi(paid);
    renderRoute('/admin/funding/12');
    const details = within(await screen.findByRole('region', { name: 'Request' }));
    expect(details.getByText(/The available balance, at once/)).toBeTruthy();
    expect(details.getByText('Paid')).toBeTruthy();
    const decision = within(screen.getByRole('region', { name: 'Decision taken' }));
    expect(decision.getByText('No one: paid by the customer from the balance')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Proof of payment' })).toBeNull();
    expect(callsTo(fetchMock, '/api/v1/staff/funding/requests/12/proof')).toHaveLength(0);
    expect(screen.queryByLabelText(/^Amount received/)).toBeNull();
  });
});
