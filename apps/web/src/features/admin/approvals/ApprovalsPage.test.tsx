import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';
import { KINDS, LIST, approvalSample } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHECKER = staffMe(['ledger.adjust.approve']);
const WAITING = `${LIST}?view=waiting&status=pending`;

function inboxApi(lists: Record<string, unknown[]>, me = CHECKER) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    const items = lists[path];
    return items
      ? { status: 200, body: { items, kinds: KINDS } }
      : problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

describe('the approvals inbox', () => {
  it('lists what waits for me, each linking to its proposal', async () => {
    const other = approvalSample({
      id: '6',
      amount: '900',
      summary: 'Debit $9.00 from Suspense (bank), account 1000000001',
      proposedBy: { id: '8', name: 'Ada Lovelace' },
    });
    const fetchMock = inboxApi({ [WAITING]: [approvalSample(), other] });
    renderRoute('/admin/approvals');
    expect(await screen.findByRole('heading', { name: 'Approvals' })).toBeTruthy();
    expect(await screen.findByText('2 waiting proposals, oldest first')).toBeTruthy();
    expect(callsTo(fetchMock, WAITING).length).toBeGreaterThanOrEqual(1);
    const table = screen.getByRole('table', {
      name: 'Waiting for me: waiting proposals, oldest first',
    });
    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(
      first
        ?.getByRole('link', { name: 'Proposal 5: Manual ledger adjustment' })
        .getAttribute('href'),
    ).toBe('/admin/approvals/5');
    expect(first?.getByText('Credit $1,250.00 to Ama Mensah, account 4000000017')).toBeTruthy();
    expect(first?.getByText('$1,250.00')).toBeTruthy();
    expect(first?.getByText('Alan Turing')).toBeTruthy();
    expect(second?.getByText('$9.00')).toBeTruthy();
    // The phone's cards carry the same.
    const cards = within(
      screen.getByRole('list', { name: 'Waiting for me: waiting proposals, oldest first' }),
    );
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    const tabs = within(screen.getByRole('navigation', { name: 'Proposals by whose they are' }));
    expect(tabs.getByRole('link', { name: 'Waiting for me' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // Every filter is labelled; the proposer's choices are the people seen.
    const filters = within(screen.getByRole('search', { name: 'Filter proposals' }));
    const proposer = filters.getByRole('combobox', { name: 'Proposed by' });
    expect(
      within(proposer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anyone', 'Alan Turing', 'Ada Lovelace']);
    expect(filters.getByRole('combobox', { name: 'Kind' })).toBeTruthy();
    expect(filters.getByRole('combobox', { name: 'Age' })).toBeTruthy();
  });

  it('filters by kind, amount, proposer and age, in the address; refuses a wrong amount', async () => {
    const filtered = `${WAITING}&kind=ledger.adjustment&minAmount=100000&maxAmount=200000&proposer=7&olderThanHours=24`;
    const fetchMock = inboxApi({ [WAITING]: [approvalSample()], [filtered]: [approvalSample()] });
    const router = renderRoute('/admin/approvals');
    await screen.findByText('1 waiting proposal, oldest first');
    const filters = within(screen.getByRole('search', { name: 'Filter proposals' }));
    const min = filters.getByRole('textbox', { name: 'Smallest amount' });
    await userEvent.type(min, '12.345');
    await userEvent.click(filters.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Use an amount such as 1,500.00')).toBeTruthy();
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('');

    await userEvent.clear(min);
    await userEvent.type(min, '1,000');
    await userEvent.type(filters.getByRole('textbox', { name: 'Largest amount' }), '$2,000.00');
    await userEvent.selectOptions(
      filters.getByRole('combobox', { name: 'Kind' }),
      'ledger.adjustment',
    );
    await userEvent.selectOptions(filters.getByRole('combobox', { name: 'Proposed by' }), '7');
    await userEvent.selectOptions(filters.getByRole('combobox', { name: 'Age' }), '24');
    await userEvent.click(filters.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, filtered)).toHaveLength(1));
    expect(router.state.location.search).toBe(
      '?view=waiting&kind=ledger.adjustment&minAmount=100000&maxAmount=200000&proposer=7&olderThanHours=24',
    );
    // The filter reads back as typed.
    expect(
      (screen.getByRole('textbox', { name: 'Smallest amount' }) as HTMLInputElement).value,
    ).toBe('1000.00');
    // On a phone the filters fold behind one button that says how many are on.
    const fold = screen.getByRole('button', { name: 'Filters (5 on)' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(fold.getAttribute('aria-controls') ?? '');
    expect(panel?.className).toContain('hidden sm:block');
    expect(panel?.contains(screen.getByRole('search', { name: 'Filter proposals' }))).toBe(true);
    await userEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).not.toContain('hidden');
  });

  it('shows my proposals, and every status with who decided', async () => {
    const rejected = approvalSample({
      id: '4',
      status: 'rejected',
      canDecide: false,
      decidedBy: { id: '9', name: 'Grace Hopper' },
      decidedAt: '2026-11-21T08:00:00.000Z',
      decisionNote: 'No matching line',
    });
    const fetchMock = inboxApi({
      [WAITING]: [],
      [`${LIST}?view=mine&status=pending`]: [],
      [`${LIST}?view=all&status=pending`]: [],
      [`${LIST}?view=all&status=rejected`]: [rejected],
    });
    const router = renderRoute('/admin/approvals');
    expect(await screen.findByText('Nothing is waiting for you.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'My proposals' }));
    expect(await screen.findByText('You have no proposals with this status.')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=mine');
    await userEvent.click(screen.getByRole('link', { name: 'All' }));
    await screen.findByText('No proposals with this status.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('1 rejected proposal, newest first')).toBeTruthy();
    expect(callsTo(fetchMock, `${LIST}?view=all&status=rejected`)).toHaveLength(1);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Grace Hopper')).toBeTruthy();
    expect(within(table).getByText('Rejected')).toBeTruthy();
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: CHECKER } }
        : fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: { items: [approvalSample()], kinds: KINDS } },
    );
    renderRoute('/admin/approvals');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 waiting proposal, oldest first')).toBeTruthy();
  });

  it('is closed to staff who neither propose nor approve', async () => {
    const fetchMock = inboxApi({}, staffMe(['kyc.review']));
    renderRoute('/admin/approvals');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(callsTo(fetchMock, WAITING)).toHaveLength(0);
  });
});

describe('the approvals inbox of a maker', () => {
  it('opens on their own proposals, since they decide none', async () => {
    const mine = approvalSample({ mine: true, canDecide: false });
    const fetchMock = inboxApi(
      { [`${LIST}?view=mine&status=pending`]: [mine] },
      staffMe(['ledger.adjust.propose']),
    );
    renderRoute('/admin/approvals');
    expect(await screen.findByText('1 waiting proposal, oldest first')).toBeTruthy();
    expect(callsTo(fetchMock, WAITING)).toHaveLength(0);
    const tabs = within(screen.getByRole('navigation', { name: 'Proposals by whose they are' }));
    expect(tabs.getByRole('link', { name: 'My proposals' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(tabs.getByRole('link', { name: 'Waiting for me' }).getAttribute('href')).toBe(
      '/admin/approvals?view=waiting',
    );
  });
});
