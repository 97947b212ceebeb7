import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute } from './test-utils';

afterEach(() => {
  cleanup();
  document.title = '';
  vi.unstubAllGlobals();
});

const customer = {
  scope: 'customer',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  kycStatus: 'approved',
  permissions: [],
};
const reviewer = { ...customer, scope: 'staff', permissions: ['kyc.review', 'catalog.manage'] };

/** An API with `me` signed in; empty lists and a plain account for every page's first read. */
function answerAs(me: unknown) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path === '/api/v1/kyc/document-types') {
      return { status: 200, body: { documentTypes: ["Driver's License"] } };
    }
    if (path === '/api/v1/kyc/previous') return { status: 200, body: { previous: null } };
    if (path === '/api/v1/pin') return { status: 200, body: { hasPin: true, lockedUntil: null } };
    if (path === '/api/v1/notifications/unread-count') return { status: 200, body: { unread: 0 } };
    if (path.startsWith('/api/v1/accounts/current/transactions')) {
      return { status: 200, body: { items: [], nextCursor: null, pending: [] } };
    }
    if (path === '/api/v1/accounts/current') {
      return {
        status: 200,
        body: {
          accountNumber: '0123456789',
          currency: 'USD',
          availableBalance: '0',
          totalCredit: '0',
          totalDebit: '0',
        },
      };
    }
    if (path.endsWith('/queue') || path.endsWith('/document-types')) {
      return { status: 200, body: { items: [] } };
    }
    return problem(404, 'NOT_FOUND', `not in this test: ${path}`);
  });
}

describe('every page names the browser tab after itself', () => {
  it.each([
    ['/auth', null, 'Welcome'],
    ['/auth/signup', null, 'Sign up'],
    ['/auth/signin', null, 'Sign in'],
    ['/auth/forgot', null, 'Forgot password'],
    ['/auth/reset', null, 'Reset password'],
    ['/auth/verify/ada%40example.com', null, 'Verify your email'],
    ['/auth/info/notice', null, 'Notice'],
    ['/auth/staff/invitation/not-a-link', null, 'Staff invitation'],
    ['/auth/account/verification', null, 'Identity verification'],
    ['/dashboard', customer, 'Dashboard'],
    ['/dashboard/notifications', customer, 'Notifications'],
    ['/dashboard/profile', customer, 'Profile'],
    ['/dashboard/settings', customer, 'Settings'],
    ['/dashboard/contact', customer, 'Help & Support'],
    ['/dashboard/send', customer, 'Bank Transfer'],
    ['/dashboard/loan', customer, 'Loan'],
    ['/admin/kyc', reviewer, 'Identity checks'],
    ['/admin/catalog/document-types', reviewer, 'Document types'],
    ['/admin/kyc', { ...reviewer, permissions: ['catalog.manage'] }, 'No access'],
  ])('%s (%#)', async (path, me, title) => {
    answerAs(me);
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(`${title} · Cedar Bank`));
  });
});

describe('the focus after a navigation', () => {
  it('stays put on the page the app opens on', async () => {
    answerAs(null);
    renderRoute('/auth/signin');
    await waitFor(() => expect(document.title).toBe('Sign in · Cedar Bank'));
    expect(document.activeElement).toBe(document.body);
  });

  it("moves to the new page's heading, so a screen reader announces it", async () => {
    answerAs(null);
    const user = userEvent.setup();
    renderRoute('/auth');
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    const next = await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(document.title).toBe('Forgot password · Cedar Bank');
  });

  it('waits for a heading that appears once the page has loaded', async () => {
    answerAs(customer);
    const router = renderRoute('/auth');
    await screen.findByRole('link', { name: 'Sign in' });
    // The dashboard shows its heading only once the session is known.
    await act(() => router.navigate('/dashboard'));
    const heading = await screen.findByRole('heading', { level: 1, name: /, Ada$/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
