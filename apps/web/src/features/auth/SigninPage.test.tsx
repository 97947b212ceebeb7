import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, sentBody, type FakeResponse } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function signIn(answer: FakeResponse, user = userEvent.setup()) {
  const fetchMock = mockFetch(() => answer);
  const router = renderRoute('/auth/signin');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { fetchMock, router };
}

describe('SigninPage', () => {
  it('links to password reset and signup', () => {
    mockFetch(() => ({ status: 500 }));
    renderRoute('/auth/signin');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/auth/forgot',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/signup');
  });

  it('shows Invalid Credentials on 401 and stays', async () => {
    const { fetchMock, router } = await signIn(
      problem(401, 'INVALID_CREDENTIALS', 'Invalid Credentials'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Credentials');
    expect(router.state.location.pathname).toBe('/auth/signin');
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/v1/auth/signin');
    expect(init?.headers).toMatchObject({ 'x-bank-csrf': '1' });
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', password: 'correct horse' });
  });

  it('shows the server message on 429', async () => {
    await signIn(problem(429, 'RATE_LIMITED', 'Too many attempts. Try again in a minute.'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in a minute.',
    );
  });

  it('shows the network failure message when the call cannot be made', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderRoute('/auth/signin');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
  });

  it('routes dashboard to /dashboard', async () => {
    const { router } = await signIn({ status: 200, body: { next: 'dashboard' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('routes kyc_review to the under-review page', async () => {
    const { router } = await signIn({ status: 200, body: { next: 'kyc_review' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/account/under-review'));
  });

  it('routes notice to the info page with its head and body', async () => {
    const { router } = await signIn({
      status: 200,
      body: { next: 'notice', head: 'Account under review', body: 'Please contact support.' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/info/notice'));
    expect(router.state.location.state).toEqual({
      head: 'Account under review',
      body: 'Please contact support.',
    });
  });

  it('sends an unverified email to the verify page after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = await signIn(
      { status: 200, body: { next: 'verify_email', email: 'ada@example.com' } },
      user,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/not verified/);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(router.state.location.pathname).toBe('/auth/signin');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/auth/verify/ada%40example.com');
  });
});
