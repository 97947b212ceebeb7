import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, sentBodyTo, signedOut } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function fillForm(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(
    screen.getByLabelText('I confirm that I am at least 18 years old and accept the terms'),
  );
}

describe('SignupPage', () => {
  it('shows the spec message for a bad email without calling the API', async () => {
    const fetchMock = mockFetch(signedOut(() => ({ status: 500 })));
    const user = userEvent.setup();
    renderRoute('/auth/signup');
    await fillForm(user, 'ada.example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText("That doesn't look like an email address")).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const errorId = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      "That doesn't look like an email address",
    );
    expect(callsTo(fetchMock, '/api/v1/auth/signup')).toHaveLength(0);

    // Fixed, the message goes at once, before any new submit.
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(screen.queryByText("That doesn't look like an email address")).toBeNull();
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows a server field error on its field', async () => {
    mockFetch(
      signedOut(() =>
        problem(422, 'VALIDATION_FAILED', 'That username is taken. Please choose another.', [
          { path: 'body.username', message: 'That username is taken. Please choose another.' },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/auth/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const errorId = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      'That username is taken. Please choose another.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // Another username: the server's message goes as soon as it is typed.
    await user.type(username, '2');
    expect(screen.queryByText('That username is taken. Please choose another.')).toBeNull();
  });

  it('sends the form with the CSRF header, shows success and goes to verify after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(
      signedOut(() => ({
        status: 201,
        body: { email: 'ada@example.com', message: 'Check your email for a verification code.' },
      })),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderRoute('/auth/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Action Successful! Check your email for the verification code.',
    );
    const [path, init] = callsTo(fetchMock, '/api/v1/auth/signup')[0] ?? [];
    expect(path).toBe('/api/v1/auth/signup');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({
      'x-bank-csrf': '1',
      'content-type': 'application/json',
    });
    expect(sentBodyTo(fetchMock, '/api/v1/auth/signup')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
      acceptTerms: true,
    });

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(router.state.location.pathname).toBe('/auth/signup');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/auth/verify/ada%40example.com');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
  });

  it('treats an answer off the contract as a failure and stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(signedOut(() => ({ status: 201, body: { ok: true } })));
    const user = userEvent.setup();
    const router = renderRoute('/auth/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again.',
    );
    expect(screen.queryByText(/Action Successful/)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/signup');
  });

  it('rates the password with a meter', async () => {
    mockFetch(signedOut(() => ({ status: 500 })));
    const user = userEvent.setup();
    renderRoute('/auth/signup');
    await user.type(screen.getByLabelText('Password'), 'password');
    const meter = await screen.findByRole('meter', { name: 'Password strength' });
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(meter.getAttribute('aria-valuetext')).toBe('Weak');
    expect(screen.getByText('Weak')).toBeTruthy();
  });
});
