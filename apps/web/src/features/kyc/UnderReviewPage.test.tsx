import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UnderReviewPage', () => {
  it('signs out on Okay and shows Logged out! on the welcome page', async () => {
    const fetchMock = mockFetch(() => ({ status: 204 }));
    const user = userEvent.setup();
    const router = renderRoute('/auth/account/under-review');

    expect(screen.getByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(screen.getByText(/send you an email/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Okay' }));

    expect((await screen.findByRole('status')).textContent).toBe('Logged out!');
    expect(router.state.location.pathname).toBe('/auth');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/signout');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('still leaves when the sign-out fails', async () => {
    mockFetch(() => ({ status: 500 }));
    const user = userEvent.setup();
    const router = renderRoute('/auth/account/under-review');
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect((await screen.findByRole('status')).textContent).toBe('Logged out!');
    expect(router.state.location.pathname).toBe('/auth');
  });
});
