import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, bankAnswers } from './test-fixtures';
import { mockFetch, renderRoute } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reviewer = { ...ada, scope: 'staff', permissions: ['catalog.manage'] };

/** The route tree as a first visit meets it: every page but the front door is a lazy route. */
describe('pages whose code is fetched when first opened', () => {
  it('shows Loading while a page opened from its address arrives, then the page in its shell', async () => {
    mockFetch(bankAnswers());
    renderRoute('/dashboard/profile', undefined, { lazy: true });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('keeps the session guard around the lazy dashboard: signed out goes to sign-in', async () => {
    mockFetch(bankAnswers({ '/api/v1/auth/session': { status: 200, body: { me: null } } }));
    const router = renderRoute('/dashboard/settings', undefined, { lazy: true });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('keeps the signed-out guard around the lazy sign-up page: a customer goes to the dashboard', async () => {
    mockFetch(bankAnswers());
    const router = renderRoute('/auth/signup', undefined, { lazy: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Sign up' })).toBeNull();
  });

  it('keeps the back office behind its staff guard and each page behind its permission', async () => {
    mockFetch(bankAnswers());
    const customer = renderRoute('/admin/kyc', undefined, { lazy: true });
    await waitFor(() => expect(customer.state.location.pathname).toBe('/dashboard'));
    cleanup();

    mockFetch(bankAnswers({ '/api/v1/auth/session': { status: 200, body: { me: reviewer } } }));
    renderRoute('/admin/kyc', undefined, { lazy: true });
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
  });

  it('finds the back office pages, which are not in the tree before, on the first visit', async () => {
    const kycReviewer = { ...reviewer, permissions: ['kyc.review'] };
    mockFetch(
      bankAnswers({
        '/api/v1/auth/session': { status: 200, body: { me: kycReviewer } },
        '/api/v1/staff/kyc/queue?status=pending': {
          status: 200,
          body: { items: [], nextCursor: null },
        },
      }),
    );
    const router = renderRoute('/admin/kyc', undefined, { lazy: true });
    expect(await screen.findByText('No identity checks are waiting.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/kyc');
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
  });

  it('moves the focus to the heading of a lazy page reached by a link', async () => {
    mockFetch(bankAnswers({ '/api/v1/auth/session': { status: 200, body: { me: null } } }));
    const user = userEvent.setup();
    renderRoute('/auth/signin', undefined, { lazy: true });
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
