import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute } from '../test-utils';
import { queries, queryKeys } from './queries';
import { SESSION_ENDED } from './session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  kycStatus: 'approved',
  permissions: [],
};

describe('the front door, {BASE_PATH}/', () => {
  it.each([
    ['nobody', null, '/auth'],
    ['a customer', { ...person, scope: 'customer' }, '/dashboard'],
    ['staff', { ...person, scope: 'staff' }, '/admin'],
    ['an onboarding session', { ...person, scope: 'onboarding' }, '/auth/account/verification'],
  ])('sends %s to the right place', async (_who, me, to) => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me } }
        : problem(404, 'NOT_FOUND', 'not in this test'),
    );
    const router = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });
});

describe('the signed-out pages (welcome, sign-in, sign-up, forgot, reset), opened while signed in', () => {
  it.each([
    ['/auth', 'customer', '/dashboard'],
    ['/auth/signin', 'customer', '/dashboard'],
    ['/auth/signup', 'customer', '/dashboard'],
    ['/auth/forgot', 'customer', '/dashboard'],
    ['/auth/reset', 'customer', '/dashboard'],
    ['/auth/reset/ada%40example.com/123456', 'customer', '/dashboard'],
    ['/auth/signin', 'staff', '/admin'],
    ['/auth/signup', 'staff', '/admin'],
  ])('%s sends %s to %s', async (page, scope, to) => {
    mockFetch((path) => {
      if (path === '/api/v1/auth/session')
        return { status: 200, body: { me: { ...person, scope } } };
      if (path.endsWith('/queue')) return { status: 200, body: { items: [] } };
      return problem(404, 'NOT_FOUND', 'not in this test');
    });
    const router = renderRoute(page);
    await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^${to}`)));
  });

  it('stay for an unfinished sign-in, which may start again there', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: { ...person, scope: 'onboarding' } } }
        : problem(404, 'NOT_FOUND', 'not in this test'),
    );
    const router = renderRoute('/auth/signin');
    await waitFor(() =>
      expect(router.queryClient.getQueryState(['session'])?.status).toBe('success'),
    );
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('a guarded area', () => {
  it('says when it cannot tell who is signed in, and asks again', async () => {
    let up = false;
    mockFetch((path) => {
      if (path !== '/api/v1/auth/session') return problem(404, 'NOT_FOUND', 'not in this test');
      return up
        ? { status: 200, body: { me: null } }
        : problem(503, 'UNAVAILABLE', 'The service is unavailable, try again shortly.');
    });
    const router = renderRoute('/admin');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is unavailable, try again shortly.',
    );
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
  });
});

describe('a session that ends while a page is open', () => {
  it('takes the person to sign-in when a request answers 401', async () => {
    let signedIn = true;
    const customer = { ...person, scope: 'customer' };
    mockFetch((path) => {
      if (path === '/api/v1/auth/session') {
        return { status: 200, body: { me: signedIn ? customer : null } };
      }
      if (path === '/api/v1/accounts/current') {
        return signedIn
          ? {
              status: 200,
              body: {
                accountNumber: '4000123457',
                currency: 'USD',
                availableBalance: '100',
                totalCredit: '100',
                totalDebit: '0',
              },
            }
          : problem(401, 'UNAUTHENTICATED', 'Please sign in.');
      }
      if (path === '/api/v1/pin') return { status: 200, body: { hasPin: true, lockedUntil: null } };
      if (path === '/api/v1/notifications/unread-count')
        return { status: 200, body: { unread: 0 } };
      return { status: 200, body: { items: [], nextCursor: null, pending: [] } };
    });
    const router = renderRoute('/dashboard');
    expect(await screen.findByText('4000123457')).toBeTruthy();
    // The session expires on the server; the next read of the account is refused.
    signedIn = false;
    await act(() => router.queryClient.invalidateQueries({ queryKey: queryKeys.account }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(screen.queryByText('4000123457')).toBeNull();
    // Sign-in says why the person is there.
    expect(await screen.findByText(SESSION_ENDED)).toBeTruthy();
  });
});

describe('a new sign-in in the same tab', () => {
  it("never shows the previous person's account", async () => {
    let signedIn = false;
    mockFetch((path) => {
      if (path === '/api/v1/auth/signin') {
        signedIn = true;
        return { status: 200, body: { next: 'dashboard' } };
      }
      if (path === '/api/v1/auth/session') {
        const bea = { ...person, firstName: 'Bea', scope: 'customer' };
        return { status: 200, body: { me: signedIn ? bea : null } };
      }
      if (path === '/api/v1/accounts/current') {
        return problem(503, 'UNAVAILABLE', 'The service is unavailable, try again shortly.');
      }
      if (path === '/api/v1/pin') return { status: 200, body: { hasPin: true, lockedUntil: null } };
      if (path === '/api/v1/notifications/unread-count')
        return { status: 200, body: { unread: 0 } };
      return { status: 200, body: { items: [], nextCursor: null, pending: [] } };
    });
    const router = renderRoute('/auth/signin');
    // What the previous customer's visit left in this tab.
    router.queryClient.setQueryData(queries.accountSummary().queryKey, {
      accountNumber: '4000123457',
      currency: 'USD',
      availableBalance: '990000',
      totalCredit: '990000',
      totalDebit: '0',
    });
    await userEvent.type(screen.getByLabelText('Email'), 'bea@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'velvet tram orbit lantern');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The service is unavailable, try again shortly.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('4000123457')).toBeNull();
    expect(screen.queryByText('$9,900.00')).toBeNull();
  });
});
