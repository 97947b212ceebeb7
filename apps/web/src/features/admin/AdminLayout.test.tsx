import type { Me, Permission } from '@bank/contract';
import { PERMISSIONS } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute } from '../../test-utils';
import { hrefOf, STAFF_AREAS } from './areas';
import { staffMe } from './shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The session of `me`; every staff list empty; anything else refused. */
function staffApi(me: Me) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path.startsWith('/api/v1/staff/')) {
      return { status: 200, body: { items: [], nextCursor: null } };
    }
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

/** The menu's groups as shown: each group's name and its items' names. */
function menuShown() {
  const nav = screen.getByRole('navigation', { name: 'Back office' });
  return within(nav)
    .getAllByRole('list')
    .map((list) => [
      list.getAttribute('aria-labelledby')
        ? document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent
        : null,
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ]);
}

describe('the back office menu', () => {
  it('offers only the areas the staff member’s permissions open, by group', async () => {
    staffApi(staffMe(['kyc.review', 'transfers.process']));
    renderRoute('/admin/kyc');
    await screen.findByRole('heading', { name: 'Identity checks' });
    expect(menuShown()).toEqual([
      [null, ['Overview']],
      // Transfer processors approve each other's refunds: the inbox is theirs too.
      ['Queues', ['Identity checks', 'Outgoing transfers', 'Approvals']],
      ['Your account', ['Your security']],
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(nav.getByRole('list', { name: 'Queues' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Outgoing transfers' }).getAttribute('href')).toBe(
      '/admin/transfers',
    );
    expect(nav.queryByRole('link', { name: 'Funding requests' })).toBeNull();
    expect(nav.queryByText('Catalog')).toBeNull();
  });

  it('lists every group an administrator holds, in the menu’s order', async () => {
    staffApi(staffMe([...PERMISSIONS]));
    renderRoute('/admin/funding');
    await screen.findByRole('heading', { name: 'Funding requests' });
    expect(menuShown()).toEqual([
      [null, ['Overview']],
      ['Queues', ['Identity checks', 'Funding requests', 'Outgoing transfers', 'Approvals']],
      ['Customers & money', ['Customers', 'Trial balance', 'Ledger adjustments']],
      [
        'Catalog',
        [
          'Document types',
          'Support contacts',
          'Crypto types',
          'Payment purposes',
          'Fixed-deposit plans',
          'Account plans',
          'Institution details',
          'Region availability',
        ],
      ],
      ['Administration', ['Staff', 'Bank settings', 'Audit log']],
      ['Your account', ['Your security']],
    ]);
  });

  it('marks the area shown, on its pages below too', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: staffMe(['kyc.review', 'funding.review']) } }
        : problem(404, 'NOT_FOUND', 'No such request'),
    );
    renderRoute('/admin/funding/12');
    await screen.findByRole('heading', { name: 'Request not found' });
    const nav = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(nav.getByRole('link', { name: 'Funding requests' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(nav.getByRole('link', { name: 'Identity checks' }).getAttribute('aria-current')).toBe(
      null,
    );
  });

  it('shows who is signed in, in the banner with the menu', async () => {
    staffApi(staffMe(['kyc.review']));
    renderRoute('/admin/kyc');
    const banner = within(await screen.findByRole('banner'));
    expect(banner.getByText('Grace Hopper')).toBeTruthy();
    expect(banner.getByText('grace@bank.example')).toBeTruthy();
    expect(banner.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(banner.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(
      'Staff use only; every action is recorded.',
    );
  });
});

describe('the walls between areas, in the router', () => {
  // Every page of every area, its parameters filled in, with a permission that is not its own.
  // (The overview, open to any staff permission, has no permission to leave out.)
  const pages = STAFF_AREAS.filter((area) => typeof area.permission === 'string').flatMap((area) =>
    [hrefOf(area), ...Object.keys(area.children ?? {}).map((sub) => `${hrefOf(area)}/${sub}`)].map(
      (path) =>
        [
          path.replace(/:[a-z]+/giu, '1'),
          area.permission,
          PERMISSIONS.filter((permission) => permission !== area.permission),
        ] as const,
    ),
  );

  it.each(pages)(
    '%s says No access without %s, asking nothing of the API',
    async (path, _permission, others: readonly Permission[]) => {
      const fetchMock = staffApi(staffMe([...others]));
      renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
      const asked = fetchMock.mock.calls.map(([called]) => called);
      expect(asked.filter((called) => called.startsWith('/api/v1/staff/'))).toEqual([]);
    },
  );
});

describe('the menu on a phone', () => {
  async function openMenu() {
    const user = userEvent.setup();
    staffApi(staffMe(['kyc.review', 'catalog.manage']));
    const router = renderRoute('/admin/kyc');
    await screen.findByRole('heading', { name: 'Identity checks' });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const sheet = screen.getByRole('dialog', { name: 'Back office menu' });
    return { user, router, button, sheet };
  }

  it('opens as a named dialog, on the page’s own item, with who is signed in', async () => {
    const { button, sheet } = await openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(sheet.id);
    const nav = within(within(sheet).getByRole('navigation', { name: 'Back office' }));
    const here = nav.getByRole('link', { name: 'Identity checks' });
    expect(here.getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(here);
    expect(nav.getByRole('list', { name: 'Catalog' })).toBeTruthy();
    expect(within(sheet).getByText('Grace Hopper')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    // The page behind is out of reach while it is open: one menu, one Sign out.
    expect(screen.getAllByRole('navigation', { name: 'Back office' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
  });

  it('keeps the focus inside while open', async () => {
    const { user, sheet } = await openMenu();
    for (let i = 0; i < 14; i++) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape and on its close button, the focus back on Menu', async () => {
    const { user, button } = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes when an item is chosen, and the chosen page takes the focus', async () => {
    const { user, router, sheet } = await openMenu();
    await user.click(within(sheet).getByRole('link', { name: 'Document types' }));
    const heading = await screen.findByRole('heading', { name: 'Document types' });
    expect(router.state.location.pathname).toBe('/admin/catalog/document-types');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // And stays there: the closing menu does not take it back to its button.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(heading);
  });

  it('signs out from the sheet', async () => {
    const { user, sheet } = await openMenu();
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/auth/signout') return { status: 204 };
      if (path === '/api/v1/auth/session') return { status: 200, body: { me: null } };
      return problem(404, 'NOT_FOUND', `unexpected ${path}`);
    });
    await user.click(within(sheet).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Logged out!')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/v1/auth/signout')).toHaveLength(1);
  });
});
