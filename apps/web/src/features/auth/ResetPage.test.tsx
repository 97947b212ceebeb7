import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, sentBodyTo, signedOut } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const digits = () =>
  screen
    .getAllByLabelText(/^Digit \d of 6$/)
    .map((box) => (box as HTMLInputElement).value)
    .join('');

describe('ResetPage', () => {
  it('prefills the email and code from the link, resets, and goes to sign in after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const message = 'Action Successful! Your password was reset. Sign in with your new password.';
    const fetchMock = mockFetch(signedOut(() => ({ status: 200, body: { message } })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderRoute('/auth/reset/ada%40example.com/123456');

    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(digits()).toBe('123456');

    await user.type(screen.getByLabelText('New password'), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(sentBodyTo(fetchMock, '/api/v1/auth/reset')).toEqual({
      email: 'ada@example.com',
      code: '123456',
      newPassword: 'a long new passphrase',
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it("puts the server's field error on its field", async () => {
    mockFetch(() =>
      problem(400, 'VALIDATION_FAILED', 'Some fields are not valid.', [
        { path: 'body.newPassword', message: 'That password is too common' },
      ]),
    );
    const user = userEvent.setup();
    renderRoute('/auth/reset/ada%40example.com/123456');

    await user.type(screen.getByLabelText('New password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That password is too common')).toBeTruthy();
  });
});
