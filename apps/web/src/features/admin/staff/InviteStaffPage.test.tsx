import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, problem, renderRoute, sentBodyTo } from '../../../test-utils';
import { TEAM, invitationSample, teamApi } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const INVITATIONS = `${TEAM}/invitations`;

async function fillIn() {
  await userEvent.type(await screen.findByLabelText(/^Email/), 'dorothy@bank.example');
  await userEvent.type(screen.getByLabelText(/^First name/), 'Dorothy');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Vaughan');
}

describe('inviting a staff member', () => {
  it('shows every role as a checkbox with what it is for and what it allows', async () => {
    teamApi({});
    renderRoute('/admin/staff/invite');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite a staff member' }),
    ).toBeTruthy();
    const roles = within(await screen.findByRole('group', { name: 'Roles' }));
    const operations = roles.getByRole('checkbox', { name: 'Operations' });
    expect((operations as HTMLInputElement).checked).toBe(false);
    // What the role allows is read out with the checkbox.
    const about = document.getElementById(operations.getAttribute('aria-describedby') ?? '');
    expect(about?.textContent).toContain('Confirms funding requests and processes transfers.');
    expect(about?.textContent).toContain('Process outgoing transfers');
    expect(about?.textContent).toContain('Manage customers');
    expect(roles.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('sends the invitation with the chosen roles and says what happens next', async () => {
    const fetchMock = teamApi({
      [INVITATIONS]: (body) => ({
        status: 201,
        body: invitationSample({ roles: (body as { roles: string[] }).roles }),
      }),
    });
    renderRoute('/admin/staff/invite');
    await fillIn();
    const roles = within(screen.getByRole('group', { name: 'Roles' }));
    await userEvent.click(roles.getByRole('checkbox', { name: 'Operations' }));
    await userEvent.click(roles.getByRole('checkbox', { name: 'Identity reviewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));

    expect(
      await screen.findByText(
        'Invitation sent to dorothy@bank.example. The link works once, for 72 hours: Dorothy chooses a password, then sets up an authenticator app at their first sign-in.',
      ),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, INVITATIONS)).toEqual({
      email: 'dorothy@bank.example',
      firstName: 'Dorothy',
      lastName: 'Vaughan',
      roles: ['operations', 'kyc_reviewer'],
    });
    expect(screen.getByRole('link', { name: 'See the invitations' }).getAttribute('href')).toBe(
      '/admin/staff?status=invited',
    );

    // Another invitation starts from an empty form.
    await userEvent.click(screen.getByRole('button', { name: 'Invite someone else' }));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Operations' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('asks for a role and a real address before sending anything', async () => {
    const fetchMock = teamApi({});
    renderRoute('/admin/staff/invite');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'not an address');
    await userEvent.type(screen.getByLabelText(/^First name/), 'Dorothy');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Vaughan');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Choose at least one role')).toBeTruthy();
    expect(screen.getByText("That doesn't look like an email address")).toBeTruthy();
    expect(callsTo(fetchMock, INVITATIONS)).toHaveLength(0);
  });

  it('says on the address when it already has an account, without saying what kind', async () => {
    teamApi({
      [INVITATIONS]: () => problem(409, 'CONFLICT', 'This address already has an account.'),
    });
    renderRoute('/admin/staff/invite');
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Operations' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('This address already has an account.')).toBeTruthy();
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });
});
