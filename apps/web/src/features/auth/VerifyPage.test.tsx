import { RESEND_COOLDOWN_MS } from '@bank/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, sentBody } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox');
const code = () =>
  boxes()
    .map((box) => box.value)
    .join('');

describe('VerifyPage', () => {
  it('says where the code went and submits a pasted code, routing kyc_submit to KYC', async () => {
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { next: 'kyc_submit', status: 'not_verified', declineReason: null },
    }));
    const user = userEvent.setup();
    const router = renderRoute('/auth/verify/ada%40example.com');

    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6')).toBe(boxes()[0]);

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/account/verification'));
    // Sent once (the page it leads to may already be asking for its own data).
    expect(callsTo(fetchMock, '/api/v1/auth/verify-email')).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/verify-email');
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', code: '123456' });
  });

  it('submits a typed code with the Verify button', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { next: 'kyc_review' } }));
    const user = userEvent.setup();
    const router = renderRoute('/auth/verify/ada%40example.com');

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('65432');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/account/under-review'));
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', code: '654321' });
  });

  it('shows the error and clears the code on 422', async () => {
    mockFetch(() => problem(422, 'CODE_INVALID', 'That code is not valid.'));
    const user = userEvent.setup();
    const router = renderRoute('/auth/verify/ada%40example.com');

    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('111111');

    expect((await screen.findByRole('alert')).textContent).toBe('That code is not valid.');
    await waitFor(() => expect(code()).toBe(''));
    expect(router.state.location.pathname).toBe('/auth/verify/ada%40example.com');
  });

  it('resends the code, shows Code Sent and rests the button during the cool-down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(() => ({ status: 200, body: { message: 'Code Sent' } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/auth/verify/ada%40example.com');

    const resend = screen.getByRole<HTMLButtonElement>('button', { name: 'Resend code' });
    await user.click(resend);

    expect((await screen.findByRole('status')).textContent).toBe('Code Sent');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/resend-verification');
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com' });
    await waitFor(() => expect(resend.disabled).toBe(true));
    expect(screen.getByText(/another code in 60 s/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS - 2000));
    expect(resend.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(resend.disabled).toBe(false);
  });

  it("shows a refused request in the server's words, without a cool-down for a code never sent", async () => {
    mockFetch(() =>
      problem(429, 'RATE_LIMITED', 'Too many attempts. Please wait 1 minute and try again.'),
    );
    const user = userEvent.setup();
    renderRoute('/auth/verify/ada%40example.com');

    const resend = screen.getByRole<HTMLButtonElement>('button', { name: 'Resend code' });
    await user.click(resend);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 1 minute and try again.',
    );
    expect(resend.disabled).toBe(false);
    expect(screen.queryByText(/another code in/)).toBeNull();
  });
});
