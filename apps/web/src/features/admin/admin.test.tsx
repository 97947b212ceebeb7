import type { KycSubmission } from '@bank/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, sentBody, type FakeResponse } from '../../test-utils';
import { staffMe } from './shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEWER = staffMe(['kyc.review']);

const WAITING = { status: 'pending', reviewedAt: null, reviewedBy: null, declineReason: null };

const QUEUE = [
  {
    id: '7',
    submittedAt: '2026-11-20T09:30:00.000Z',
    documentType: "Driver's License",
    country: 'GH',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    ...WAITING,
  },
  {
    id: '9',
    submittedAt: '2026-11-21T10:00:00.000Z',
    documentType: 'Passport',
    country: 'FR',
    firstName: 'Luc',
    lastName: 'Moreau',
    email: 'luc@example.com',
    ...WAITING,
  },
];

const QUEUE_PATH = '/api/v1/staff/kyc/queue?status=pending';
const page = (items: unknown[]) => ({ status: 200, body: { items, nextCursor: null } });

/** The overview a reviewer lands on. */
const OVERVIEW = {
  asOf: '2026-11-21T12:00:00.000Z',
  queues: [
    {
      queue: 'kyc',
      label: 'Identity checks',
      count: 2,
      oldestAt: '2026-11-20T09:30:00.000Z',
      oldestAgeSeconds: 95_400,
    },
  ],
  setup: [],
  ledger: { lastCheck: null, stale: true, totals: [] },
};

function submission(overrides: Partial<KycSubmission> = {}): KycSubmission {
  return {
    id: '7',
    status: 'pending',
    country: 'GH',
    phone: '+233201234567',
    homeAddress: '12 Independence Ave, Accra',
    documentType: "Driver's License",
    declineReason: null,
    submittedAt: '2026-11-20T09:30:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    username: 'amensah',
    documents: [
      { role: 'photo', mime: 'image/jpeg', bytes: 52_000 },
      { role: 'id_front', mime: 'image/png', bytes: 2_400_000 },
      { role: 'id_back', mime: 'application/pdf', bytes: 900 },
    ],
    ...overrides,
  };
}

/** A fake API: the staff member, the queue and one submission, each overridable per test. */
function staffApi(answers: Record<string, (body: unknown) => FakeResponse> = {}) {
  return mockFetch((path, body) => {
    const custom = answers[path];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: REVIEWER } };
    if (path === QUEUE_PATH) return page(QUEUE);
    if (path === '/api/v1/staff/overview') return { status: 200, body: OVERVIEW };
    if (path === '/api/v1/staff/kyc/submissions/7') return { status: 200, body: submission() };
    if (path === '/api/v1/auth/signout') return { status: 204 };
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

function calls(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([called]) => called === path);
}

describe('the staff area', () => {
  it('sends someone who is not signed in to sign-in', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: null } }
        : problem(401, 'UNAUTHENTICATED', 'Please sign in.'),
    );
    const router = renderRoute('/admin/kyc');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('sends a customer to their own dashboard', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: { ...REVIEWER, scope: 'customer', permissions: [] } } }
        : problem(404, 'NOT_FOUND', 'none'),
    );
    const router = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens on the overview, whose queue leads to the identity checks, oldest first', async () => {
    staffApi();
    const router = renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    const queues = within(await screen.findByRole('region', { name: 'Queues' }));
    await userEvent.click(queues.getByRole('link', { name: 'Identity checks' }));
    expect(await screen.findByRole('heading', { name: 'Identity checks' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/kyc');
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(nav).getByRole('link', { name: 'Identity checks' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await screen.findByText('2 waiting, oldest first')).toBeTruthy();
    const table = within(
      screen.getByRole('table', { name: 'Identity checks waiting, oldest first' }),
    );
    const links = table.getAllByRole('link', { name: /Mensah|Moreau/ });
    expect(links.map((l) => l.textContent)).toEqual(['Ama Mensah', 'Luc Moreau']);
    expect(links[0]?.getAttribute('href')).toBe('/admin/kyc/7');
    expect(table.getByText('Ghana')).toBeTruthy();
    expect(table.getByText('Passport')).toBeTruthy();
    // The phone layout carries the same checks as cards.
    const cards = within(
      screen.getByRole('list', { name: 'Identity checks waiting, oldest first' }),
    );
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    expect(cards.getByRole('link', { name: 'Luc Moreau' }).getAttribute('href')).toBe(
      '/admin/kyc/9',
    );
  });

  it('says when nothing is waiting', async () => {
    staffApi({ [QUEUE_PATH]: () => page([]) });
    renderRoute('/admin/kyc');
    expect(await screen.findByText('No identity checks are waiting.')).toBeTruthy();
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    const fetchMock = staffApi({
      [QUEUE_PATH]: () =>
        fail ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.') : page(QUEUE),
    });
    renderRoute('/admin/kyc');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 waiting, oldest first')).toBeTruthy();
    expect(calls(fetchMock, QUEUE_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('opens on the overview for any role, saying when no queue is open to it', async () => {
    staffApi({
      '/api/v1/auth/session': () => ({
        status: 200,
        body: { me: { ...REVIEWER, permissions: ['catalog.manage'] } },
      }),
      '/api/v1/staff/overview': () => ({ status: 200, body: { ...OVERVIEW, queues: [] } }),
    });
    const router = renderRoute('/admin');
    expect(await screen.findByText(/No queue is open to your role/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('tells staff plainly when their role does not open an area, asking nothing of the API', async () => {
    const fetchMock = staffApi({
      '/api/v1/auth/session': () => ({
        status: 200,
        body: { me: { ...REVIEWER, permissions: ['catalog.manage'] } },
      }),
    });
    renderRoute('/admin/kyc/7');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7')).toHaveLength(0);
  });

  it('offers nothing to staff whose role opens no area', async () => {
    staffApi({
      '/api/v1/auth/session': () => ({
        status: 200,
        body: { me: { ...REVIEWER, permissions: [] } },
      }),
    });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeTruthy();
    expect(screen.getByText(/None of the areas built so far is open to your role/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('skips past the header to the page, without leaving it', async () => {
    staffApi();
    const router = renderRoute('/admin/kyc');
    await userEvent.click(await screen.findByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(router.state.location.pathname).toBe('/admin/kyc');
  });

  it('says so and stays when signing out fails', async () => {
    staffApi({
      '/api/v1/auth/signout': () => problem(503, 'UNAVAILABLE', 'Unavailable'),
    });
    const router = renderRoute('/admin/kyc');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('We could not sign you out. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/kyc');
  });

  it('signs out to the welcome page', async () => {
    const fetchMock = staffApi();
    renderRoute('/admin/kyc');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Logged out!')).toBeTruthy();
    expect(calls(fetchMock, '/api/v1/auth/signout')).toHaveLength(1);
  });
});

describe('reviewing one submission', () => {
  it("shows the customer's details and documents", async () => {
    staffApi();
    renderRoute('/admin/kyc/7');
    expect(await screen.findByRole('heading', { name: 'Ama Mensah' })).toBeTruthy();
    expect(screen.getByText('Waiting for review')).toBeTruthy();
    expect(screen.getByText('12 Independence Ave, Accra')).toBeTruthy();
    expect(screen.getByText('+233201234567')).toBeTruthy();
    expect(screen.getByText('Ghana')).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Photo of the customer' });
    expect(photo.getAttribute('src')).toBe('/api/v1/staff/kyc/submissions/7/documents/photo');
    expect(screen.getByRole('img', { name: 'ID front' })).toBeTruthy();
    expect(screen.getByText('PNG, 2.3 MB')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Open full size, ID front (new tab)' })
        .getAttribute('target'),
    ).toBe('_blank');
    // A PDF is offered as a download, not shown.
    expect(screen.queryByRole('img', { name: 'ID back' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download PDF, ID back' }).getAttribute('href')).toBe(
      '/api/v1/staff/kyc/submissions/7/documents/id_back',
    );
  });

  it('says when a document cannot be loaded', async () => {
    staffApi();
    renderRoute('/admin/kyc/7');
    const photo = await screen.findByRole('img', { name: 'Photo of the customer' });
    photo.dispatchEvent(new Event('error'));
    expect(await screen.findByText('This document could not be loaded.')).toBeTruthy();
  });

  it('approves only after a second press, then shows the new account number', async () => {
    let approved = false;
    const fetchMock = staffApi({
      '/api/v1/staff/kyc/submissions/7/approve': () => {
        approved = true;
        return { status: 200, body: { accountNumber: '4000123457' } };
      },
      '/api/v1/staff/kyc/submissions/7': () => ({
        status: 200,
        body: approved
          ? submission({
              status: 'approved',
              reviewedAt: '2026-11-21T11:00:00.000Z',
              reviewedBy: 'Grace Hopper',
            })
          : submission(),
      }),
    });
    renderRoute('/admin/kyc/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7/approve')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));

    expect((await screen.findByRole('status')).textContent).toContain(
      "Approved. Ama Mensah's current account 4000123457 is open and they have been emailed.",
    );
    expect(document.activeElement?.textContent).toContain('Approved. Ama Mensah');
    const [, init] = calls(fetchMock, '/api/v1/staff/kyc/submissions/7/approve')[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-bank-csrf')).toBe('1');
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.getByText(/by Grace Hopper/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
  });

  it('asks in a dialog, and lets the reviewer change their mind with the focus back in place', async () => {
    const fetchMock = staffApi();
    renderRoute('/admin/kyc/7');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    await userEvent.click(approve);
    const dialog = screen.getByRole('dialog', { name: 'Approve Ama Mensah?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/cannot be undone/);
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(approve));

    await userEvent.click(approve);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(approve));
    expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7/approve')).toHaveLength(0);
  });

  it('does not approve on the second click of a double click', async () => {
    const fetchMock = staffApi({
      '/api/v1/staff/kyc/submissions/7/approve': () => ({
        status: 200,
        body: { accountNumber: '4000123457' },
      }),
    });
    renderRoute('/admin/kyc/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = screen.getByRole('button', { name: 'Confirm approval' });
    // A double click's second click lands on whatever is under the pointer by then.
    fireEvent.click(confirm, { detail: 2 });
    expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7/approve')).toHaveLength(0);
    await userEvent.keyboard('{Tab}{Enter}');
    await waitFor(() =>
      expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7/approve')).toHaveLength(1),
    );
  });

  it('shows why an approval was refused', async () => {
    const fetchMock = staffApi({
      '/api/v1/staff/kyc/submissions/7/approve': () =>
        problem(409, 'CONFLICT', 'This submission has already been decided.'),
    });
    renderRoute('/admin/kyc/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This submission has already been decided.',
    );
    // The page is read again: a colleague's decision shows instead of stale buttons.
    await waitFor(() =>
      expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('declines only with a reason, and sends it', async () => {
    const fetchMock = staffApi({
      '/api/v1/staff/kyc/submissions/7/decline': () => ({
        status: 200,
        body: { status: 'declined' },
      }),
    });
    renderRoute('/admin/kyc/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const reason = screen.getByLabelText('Reason for the customer');
    expect(await screen.findByText('Give the customer a reason')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock, '/api/v1/staff/kyc/submissions/7/decline')).toHaveLength(0);

    await userEvent.type(reason, 'The ID photo is blurred; please send a sharper one.');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Declined. Ama Mensah has been emailed the reason and may submit again.',
    );
    const index = fetchMock.mock.calls.findIndex(
      ([path]) => path === '/api/v1/staff/kyc/submissions/7/decline',
    );
    expect(sentBody(fetchMock, index)).toEqual({
      reason: 'The ID photo is blurred; please send a sharper one.',
    });
  });

  it("puts the server's refusal of the reason on the reason field", async () => {
    staffApi({
      '/api/v1/staff/kyc/submissions/7/decline': () =>
        problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
          { path: 'body.reason', message: 'This text contains characters that are not allowed.' },
        ]),
    });
    renderRoute('/admin/kyc/7');
    const reason = await screen.findByLabelText('Reason for the customer');
    await userEvent.type(reason, 'Blurred photo');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This text contains characters that are not allowed.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(screen.queryByText('Some fields are missing or not valid.')).toBeNull();
  });

  it('shows a decided submission without the decision buttons', async () => {
    staffApi({
      '/api/v1/staff/kyc/submissions/7': () => ({
        status: 200,
        body: submission({
          status: 'declined',
          declineReason: 'Document expired',
          reviewedAt: '2026-11-21T11:00:00.000Z',
          reviewedBy: 'Grace Hopper',
        }),
      }),
    });
    renderRoute('/admin/kyc/7');
    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(screen.getByText('Document expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says when the submission does not exist', async () => {
    staffApi({
      '/api/v1/staff/kyc/submissions/7': () => problem(404, 'NOT_FOUND', 'No such submission'),
    });
    renderRoute('/admin/kyc/7');
    expect(await screen.findByRole('heading', { name: 'Submission not found' })).toBeTruthy();
    // Asking again cannot help: no Try again.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
