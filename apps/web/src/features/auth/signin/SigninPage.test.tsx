import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  signedOut,
  type FakeResponse,
} from '../../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function signIn(answer: FakeResponse, user = userEvent.setup()) {
  const fetchMock = mockFetch(signedOut(() => answer));
  const router = renderRoute('/auth/signin');
  // Every place the router went, with its state: a later redirect cannot hide where it went.
  const visited: { pathname: string; state: unknown }[] = [];
  router.subscribe(({ location }) => visited.push(location));
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { fetchMock, router, visited };
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

  it('says what is missing under each field, on the first one, without calling the API', async () => {
    const fetchMock = mockFetch(signedOut(() => ({ status: 500 })));
    const user = userEvent.setup();
    renderRoute('/auth/signin');
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    // Nothing is judged while the first try is being typed.
    await user.type(email, 'ada');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "That doesn't look like an email address",
    );
    expect(
      document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Enter your password');
    expect(callsTo(fetchMock, '/api/v1/auth/signin')).toHaveLength(0);

    // After a first try, each message follows what is typed.
    await user.type(email, 'ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(password, 'x');
    expect(screen.queryByText('Enter your password')).toBeNull();
  });

  it('sends what a password manager filled in, without keystrokes', async () => {
    const fetchMock = mockFetch(signedOut(() => ({ status: 200, body: { next: 'dashboard' } })));
    const router = renderRoute('/auth/signin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sentBodyTo(fetchMock, '/api/v1/auth/signin')).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it("shows the server's field error on its field, not in a banner, until it is changed", async () => {
    const user = userEvent.setup();
    await signIn(
      problem(422, 'VALIDATION_FAILED', 'Request validation failed', [
        { path: 'body.email', message: 'This address cannot receive email' },
      ]),
      user,
    );
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This address cannot receive email',
    );
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(email, 'x');
    expect(screen.queryByText('This address cannot receive email')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows Invalid Credentials on 401 and stays', async () => {
    const { fetchMock, router } = await signIn(
      problem(401, 'INVALID_CREDENTIALS', 'Invalid Credentials'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Credentials');
    expect(router.state.location.pathname).toBe('/auth/signin');
    const [path, init] = callsTo(fetchMock, '/api/v1/auth/signin')[0] ?? [];
    expect(path).toBe('/api/v1/auth/signin');
    expect(init?.headers).toMatchObject({ 'x-bank-csrf': '1' });
    expect(sentBodyTo(fetchMock, '/api/v1/auth/signin')).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
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

  it('routes staff to their second factor, saying whether it is set up', async () => {
    const { visited } = await signIn({ status: 200, body: { next: 'staff_mfa', enrolled: false } });
    await waitFor(() =>
      expect(visited.find((l) => l.pathname === '/auth/staff/second-factor')?.state).toEqual({
        enrolled: false,
      }),
    );
  });

  it('says why someone was sent back to sign in', () => {
    mockFetch(signedOut(() => ({ status: 500 })));
    renderRoute('/auth/signin', { notice: 'Too many wrong codes. Please sign in again.' });
    expect(screen.getByRole('status').textContent).toBe(
      'Too many wrong codes. Please sign in again.',
    );
  });
});

describe('SigninPage, when the server asks for an emailed code', () => {
  const CODE_NEEDED = { status: 200, body: { next: 'signin_code', email: 'ada@example.com' } };

  /** Signs in with the password; the server answers `answers` in turn, the last one ever after. */
  async function reachCodeStep(answers: FakeResponse[], user = userEvent.setup()) {
    let call = 0;
    const fetchMock = mockFetch(
      signedOut((path) => {
        if (path !== '/api/v1/auth/signin') return problem(404, 'NOT_FOUND', path);
        const answer = answers[Math.min(call, answers.length - 1)] as FakeResponse;
        call += 1;
        return answer;
      }),
    );
    const router = renderRoute('/auth/signin');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Enter your sign-in code' });
    return { fetchMock, router, user };
  }

  const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: /^Digit/ });

  it('says where the code went, and sends it with the email and password', async () => {
    const { fetchMock, router, user } = await reachCodeStep([
      CODE_NEEDED,
      { status: 200, body: { next: 'dashboard' } },
    ]);
    expect(screen.getByText(/We emailed a sign-in code to/).textContent).toContain(
      'ada@example.com',
    );
    expect(screen.getByRole('group', { name: 'Sign-in code' })).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(document.activeElement).toBe(boxes()[0]);
    await waitFor(() => expect(document.title).toBe('Sign-in code · Cedar Bank'));

    await user.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sent = callsTo(fetchMock, '/api/v1/auth/signin').map(([, init]) =>
      JSON.parse(String(init?.body)),
    );
    expect(sent).toEqual([
      { email: 'ada@example.com', password: 'correct horse' },
      { email: 'ada@example.com', password: 'correct horse', code: '123456' },
    ]);
  });

  it('shows why a code was refused and empties the boxes for the next try', async () => {
    const { router, user } = await reachCodeStep([
      CODE_NEEDED,
      problem(422, 'UNPROCESSABLE', 'That code is not right. Check the newest email.'),
    ]);
    await user.keyboard('111111');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the newest email.',
    );
    await waitFor(() =>
      expect(
        boxes()
          .map((box) => box.value)
          .join(''),
      ).toBe(''),
    );
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it("shows the server's words when codes are paused", async () => {
    const { user } = await reachCodeStep([
      CODE_NEEDED,
      problem(429, 'CODES_PAUSED', 'Too many wrong codes today. Try again tomorrow.'),
    ]);
    await user.keyboard('222222');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong codes today. Try again tomorrow.',
    );
  });

  it('goes back to the password, keeping the email', async () => {
    const { user } = await reachCodeStep([CODE_NEEDED]);
    await user.click(screen.getByRole('button', { name: 'Re-enter your password' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('asks for a new code once the minute between codes has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetchMock } = await reachCodeStep([CODE_NEEDED], user);
    const again = screen.getByRole<HTMLButtonElement>('button', { name: 'Send a new code' });
    expect(again.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(again.disabled).toBe(false);
    await user.click(again);
    expect((await screen.findByRole('status')).textContent).toBe(
      'If your password is right, we sent a new code to ada@example.com.',
    );
    expect(callsTo(fetchMock, '/api/v1/auth/signin')).toHaveLength(2);
    expect(sentBodyTo(fetchMock, '/api/v1/auth/signin')).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });
});
