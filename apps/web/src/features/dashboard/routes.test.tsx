import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../test-utils';
import { ada, bankAnswers } from '../../test-fixtures';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The dashboard as Ada sees it, once her name is in the top bar. */
async function openDashboard() {
  const fetchMock = mockFetch(bankAnswers());
  const user = userEvent.setup();
  const router = renderRoute('/dashboard');
  await screen.findByRole('heading', { level: 1 });
  return { fetchMock, user, router };
}

describe('dashboard route', () => {
  it('sends someone signed out to the sign-in page', async () => {
    mockFetch(bankAnswers({ '/api/v1/auth/session': { status: 200, body: { me: null } } }));
    const router = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('sends a staff session to the staff area, not the dashboard', async () => {
    mockFetch(
      bankAnswers({
        '/api/v1/auth/session': { status: 200, body: { me: { ...ada, scope: 'staff' } } },
      }),
    );
    const router = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows the shell: top bar with the full name, the side menu, the page and the footer', async () => {
    await openDashboard();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toMatch(
      /^Good (Morning|Afternoon|Evening), Ada$/,
    );
    expect(screen.getByRole('contentinfo').textContent).toBe(
      `© ${new Date().getFullYear()} Cedar Bank. All rights reserved.`,
    );

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const items = within(nav).getAllByRole('listitem');
    // Sections still being built wear a "Soon" badge, hidden from screen readers: none now.
    expect(
      items.filter(
        (item) => item.querySelector('[aria-hidden="true"]:last-child')?.textContent === 'Soon',
      ).length,
    ).toBe(0);
    expect(within(nav).getByRole('link', { name: 'Bank Transfer' })).toBeTruthy();
    expect(items.map((item) => item.textContent?.replace(/Soon$/, ''))).toEqual([
      'Dashboard',
      'Add funds',
      'Make payment',
      'Bank Transfer',
      'Loan',
      'Fixed deposit',
      'Notifications',
      'Credit Card',
      'Upgrade Account',
      'Help & Support',
      'Pay Bills',
      'Statements & Report',
      'Settings',
      'Log Out',
    ]);
    expect(within(nav).getByRole('link', { name: 'Bank Transfer' }).getAttribute('href')).toBe(
      '/dashboard/send',
    );
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    expect(dashboard.getAttribute('aria-current')).toBe('page');
  });

  it('logs out through the API and lands on the welcome page with Logged out!', async () => {
    // As the server does: once signed out, the session answers nobody (a welcome page that
    // still saw the session would rightly send the customer back to the dashboard).
    let signedIn = true;
    const answer = bankAnswers();
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/auth/signout') signedIn = false;
      if (path === '/api/v1/auth/session' && !signedIn) return { status: 200, body: { me: null } };
      return answer(path);
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Logged out!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    const signout = fetchMock.mock.calls.find(([path]) => path === '/api/v1/auth/signout');
    expect(signout?.[1]?.method).toBe('POST');
  });

  it('forgets the account on logout, so nothing of it is left in the tab', async () => {
    let signedIn = true;
    const answer = bankAnswers();
    mockFetch((path) => {
      if (path === '/api/v1/auth/signout') signedIn = false;
      if (path === '/api/v1/auth/session' && !signedIn) return { status: 200, body: { me: null } };
      return answer(path);
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await screen.findByText('Total Credit');
    expect(router.queryClient.getQueryData(['accounts', 'current'])).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await screen.findByText('Logged out!');
    // Only the question "who is signed in?" may remain (the welcome page asks it), and it holds
    // nobody.
    const left = router.queryClient.getQueryCache().getAll();
    expect(left.every((q) => q.queryKey[0] === 'session' && !q.state.data)).toBe(true);
    expect(router.queryClient.getQueryData(['accounts', 'current'])).toBeUndefined();
  });

  it('says so and stays when the logout fails, since the session may still be alive', async () => {
    mockFetch(
      bankAnswers({
        '/api/v1/auth/signout': { status: 503, body: { status: 503, code: 'UNAVAILABLE' } },
      }),
    );
    const user = userEvent.setup();
    const router = renderRoute('/dashboard');
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('We could not sign you out. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Logged out!')).toBeNull();
  });

  it('opens and closes the small-screen menu, closing it when an item is chosen or on Escape', async () => {
    const { user } = await openDashboard();
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    await user.click(menu);
    // Opening it takes the focus to its first item.
    expect(document.activeElement?.textContent).toBe('Dashboard');
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('has a skip link that moves focus to the main content', async () => {
    const { user, router } = await openDashboard();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
