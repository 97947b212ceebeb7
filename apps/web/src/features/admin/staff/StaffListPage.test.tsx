import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, problem, renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';
import { TEAM, invitationSample, memberSample, teamApi } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = memberSample({
  id: '1',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@bank.example',
  roles: ['admin'],
  isYou: true,
});
const KATHERINE = memberSample();
const ALAN = memberSample({
  id: '9',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@bank.example',
  roles: ['operations', 'kyc_reviewer'],
  secondFactor: false,
  lastSigninAt: null,
});
const list =
  (...items: unknown[]) =>
  () => ({ status: 200, body: { items } });

describe('the staff list', () => {
  it('lists the active staff with roles in words, their app and last sign-in, each linking to their page', async () => {
    const fetchMock = teamApi({ [`${TEAM}/members?status=active`]: list(ME, KATHERINE, ALAN) });
    renderRoute('/admin/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy();
    expect(await screen.findByText('3 staff members')).toBeTruthy();
    expect(document.title).toBe('Staff · Cedar Bank');
    expect(callsTo(fetchMock, `${TEAM}/members?status=active`)).toHaveLength(1);

    const table = screen.getByRole('table', { name: 'Active staff, by name' });
    const rows = within(table).getAllByRole('row').slice(1);
    const [me, katherine, alan] = rows.map((row) => within(row));
    expect(me?.getByRole('link', { name: 'Grace Hopper (you): grace@bank.example' })).toBeTruthy();
    expect(me?.getByText('Administrator')).toBeTruthy();
    const link = katherine?.getByRole('link', {
      name: 'Katherine Johnson: katherine@bank.example',
    });
    expect(link?.getAttribute('href')).toBe('/admin/staff/7');
    expect(katherine?.getByText('Identity reviewer')).toBeTruthy();
    expect(katherine?.getByText('Active')).toBeTruthy();
    expect(katherine?.getByText('Set up')).toBeTruthy();
    expect(katherine?.getByText('20/11/2026', { exact: false })).toBeTruthy();
    expect(alan?.getByText('Operations, Identity reviewer')).toBeTruthy();
    expect(alan?.getByText('Not yet: set up at the next sign-in')).toBeTruthy();
    expect(alan?.getByText('Not recorded')).toBeTruthy();

    // The phone layout carries the same people as cards.
    const cards = within(screen.getByRole('list', { name: 'Active staff, by name' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(3);

    const invite = screen.getByRole('link', { name: 'Invite a staff member' });
    expect(invite.getAttribute('href')).toBe('/admin/staff/invite');
    const nav = within(screen.getByRole('navigation', { name: 'Staff by status' }));
    expect(nav.getByRole('link', { name: 'Active' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the deactivated staff on their tab, with their badge', async () => {
    const gone = memberSample({ status: 'deactivated', deactivatedAt: '2026-11-22T10:00:00.000Z' });
    teamApi({
      [`${TEAM}/members?status=active`]: list(ME),
      [`${TEAM}/members?status=deactivated`]: list(gone),
    });
    const router = renderRoute('/admin/staff');
    await screen.findByText('1 staff member');
    await userEvent.click(screen.getByRole('link', { name: 'Deactivated' }));
    const table = await screen.findByRole('table', { name: 'Deactivated staff, by name' });
    expect(router.state.location.search).toBe('?status=deactivated');
    expect(within(table).getByText('Deactivated', { selector: 'span' })).toBeTruthy();
  });

  it('finds staff by name or address and role, keeping the search in the address', async () => {
    const fetchMock = teamApi({
      [`${TEAM}/members?status=active`]: list(ME, KATHERINE, ALAN),
      [`${TEAM}/members?status=active&q=turing&role=operations`]: list(ALAN),
      [`${TEAM}/members?status=active&q=nobody`]: list(),
    });
    const router = renderRoute('/admin/staff');
    await screen.findByText('3 staff members');
    const search = within(screen.getByRole('search', { name: 'Find staff' }));
    await userEvent.type(search.getByLabelText('Name or email'), 'turing');
    await userEvent.selectOptions(search.getByLabelText('Role'), 'Operations');
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 staff member')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=turing&role=operations');
    expect(
      callsTo(fetchMock, `${TEAM}/members?status=active&q=turing&role=operations`),
    ).toHaveLength(1);

    // Nothing found: say so, and how to see everyone again.
    const again = within(screen.getByRole('search', { name: 'Find staff' }));
    await userEvent.clear(again.getByLabelText('Name or email'));
    await userEvent.type(again.getByLabelText('Name or email'), 'nobody');
    await userEvent.selectOptions(again.getByLabelText('Role'), 'Any role');
    await userEvent.click(again.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Nobody matches this search. Clear it to see everyone.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('3 staff members')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('lists the invitations waiting, sends one again and revokes one after asking', async () => {
    const expired = invitationSample({
      id: '13',
      email: 'mary@bank.example',
      firstName: 'Mary',
      lastName: 'Jackson',
      status: 'expired',
    });
    let waiting = [invitationSample(), expired];
    const fetchMock = teamApi({
      [`${TEAM}/invitations`]: () => ({ status: 200, body: { items: waiting } }),
      [`${TEAM}/invitations/13/resend`]: () => {
        waiting = [invitationSample(), { ...expired, status: 'pending' }];
        return { status: 200, body: { ...expired, status: 'pending' } };
      },
      [`${TEAM}/invitations/12/revoke`]: () => {
        waiting = waiting.filter((i) => i.id !== '12');
        return { status: 204 };
      },
    });
    renderRoute('/admin/staff?status=invited');
    expect(await screen.findByText('2 invitations waiting')).toBeTruthy();
    const table = screen.getByRole('table', {
      name: 'Invitations waiting to be accepted, newest first',
    });
    const [dorothy, mary] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(dorothy?.getByText('Dorothy Vaughan')).toBeTruthy();
    expect(dorothy?.getByText('Operations')).toBeTruthy();
    expect(dorothy?.getByText('by Grace Hopper', { exact: false })).toBeTruthy();
    expect(mary?.getByText('Link expired')).toBeTruthy();

    await userEvent.click(
      mary?.getByRole('button', { name: 'Send again to mary@bank.example' }) as HTMLElement,
    );
    expect(
      await screen.findByText(
        'Sent again to mary@bank.example. The new link works for 72 hours; the earlier one no longer works.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `${TEAM}/invitations/13/resend`)).toHaveLength(1);

    await userEvent.click(
      within(screen.getByRole('table', { name: /Invitations waiting/ })).getByRole('button', {
        name: 'Revoke the invitation to dorothy@bank.example',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    expect(dialog.textContent).toContain('The link sent to dorothy@bank.example stops working');
    expect(callsTo(fetchMock, `${TEAM}/invitations/12/revoke`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(
      await screen.findByText(
        'The invitation to dorothy@bank.example is revoked: its link no longer works.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `${TEAM}/invitations/12/revoke`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('1 invitation waiting')).toBeTruthy());
  });

  it('says what to do when no invitation waits, and when a load fails', async () => {
    let fail = true;
    teamApi({
      [`${TEAM}/invitations`]: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: { items: [] } },
    });
    renderRoute('/admin/staff?status=invited');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No invitation is waiting. Invite a staff member to send one.'),
    ).toBeTruthy();
  });

  it('is in the menu of staff administrators only', async () => {
    teamApi({ [`${TEAM}/members?status=active`]: list(ME) });
    renderRoute('/admin/staff');
    const nav = within(await screen.findByRole('navigation', { name: 'Back office' }));
    expect(nav.getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
    cleanup();

    const fetchMock = teamApi({}, staffMe(['kyc.review']));
    renderRoute('/admin/staff');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(callsTo(fetchMock, `${TEAM}/members?status=active`)).toHaveLength(0);
    const menu = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(menu.queryByRole('link', { name: 'Staff' })).toBeNull();
  });
});
