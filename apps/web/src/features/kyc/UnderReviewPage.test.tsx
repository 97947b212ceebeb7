import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIA_FLOW } from '../../lib/flow-state';
import { callsTo, mockFetch, renderRoute, signedOut } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SIGNOUT = '/api/v1/auth/signout';

describe('UnderReviewPage, reached from the submission or sign-in', () => {
  it('shows the message, and signs out on Okay to Logged out! on the welcome page', async () => {
    const fetchMock = mockFetch(signedOut(() => ({ status: 204 })));
    const user = userEvent.setup();
    const router = renderRoute('/auth/account/under-review', VIA_FLOW);

    expect(screen.getByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(screen.getByText(/send you an email/)).toBeTruthy();
    expect(callsTo(fetchMock, SIGNOUT)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Okay' }));

    expect((await screen.findByRole('status')).textContent).toBe('Logged out!');
    expect(router.state.location.pathname).toBe('/auth');
    expect(callsTo(fetchMock, SIGNOUT)[0]?.[1]?.method).toBe('POST');
  });

  it('still leaves when the sign-out fails', async () => {
    mockFetch(signedOut(() => ({ status: 500 })));
    const user = userEvent.setup();
    const router = renderRoute('/auth/account/under-review', VIA_FLOW);
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect((await screen.findByRole('status')).textContent).toBe('Logged out!');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('forgets how it was reached, so coming back to it later is a revisit', async () => {
    mockFetch(signedOut(() => ({ status: 204 })));
    const router = renderRoute('/auth/account/under-review', VIA_FLOW);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('heading', { name: 'Under review' })).toBeTruthy();
  });
});

describe('UnderReviewPage, revisited (its address, a reload, the back button)', () => {
  it('signs out and goes to the site root without showing the message', async () => {
    const fetchMock = mockFetch(signedOut(() => ({ status: 204 })));
    const router = renderRoute('/auth/account/under-review');
    expect(screen.queryByRole('heading', { name: 'Under review' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Signing you out…');
    // The site root sends someone signed out on to the welcome page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo(fetchMock, SIGNOUT).length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Logged out!')).toBeNull();
  });
});
