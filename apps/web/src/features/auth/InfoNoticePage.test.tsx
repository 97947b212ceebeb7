import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('InfoNoticePage', () => {
  it('shows the head and body, and signs out 5 s after showing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch(() => ({ status: 204 }));
    renderRoute('/auth/info/notice', { head: 'Account blocked', body: 'Call us on 0800.' });

    expect(screen.getByRole('heading', { name: 'Account blocked' })).toBeTruthy();
    expect(screen.getByText('Call us on 0800.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/signout');
  });

  it('shows a generic notice without state, and Logout leaves at once', async () => {
    const fetchMock = mockFetch(() => ({ status: 204 }));
    const user = userEvent.setup();
    const router = renderRoute('/auth/info');

    expect(screen.getByRole('heading', { name: 'Notice' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect((await screen.findByRole('status')).textContent).toBe('Logged out!');
    expect(router.state.location.pathname).toBe('/auth');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/signout');
  });
});
