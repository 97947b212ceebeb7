import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, renderRoute, sentBodyTo, signedOut } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ForgotPage', () => {
  it('says to check the email for any address and links to the reset page', async () => {
    const fetchMock = mockFetch(
      signedOut(() => ({ status: 200, body: { message: 'Check your Email' } })),
    );
    const user = userEvent.setup();
    const router = renderRoute('/auth/forgot');

    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Check your Email for further instructions.',
    );
    expect(sentBodyTo(fetchMock, '/api/v1/auth/forgot')).toEqual({ email: 'nobody@example.com' });

    await user.click(screen.getByRole('link', { name: /reset my password/ }));
    expect(router.state.location.pathname).toBe('/auth/reset');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('nobody@example.com');
  });

  it('checks the address before sending', async () => {
    const fetchMock = mockFetch(signedOut(() => ({ status: 200, body: { message: 'ok' } })));
    const user = userEvent.setup();
    renderRoute('/auth/forgot');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The form is checked asynchronously (zod resolver): wait for the verdict.
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(callsTo(fetchMock, '/api/v1/auth/forgot')).toEqual([]);
  });
});
