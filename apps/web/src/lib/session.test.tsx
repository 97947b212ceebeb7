import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute } from '../test-utils';

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
    ['an onboarding session', { ...person, scope: 'onboarding' }, '/auth'],
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
