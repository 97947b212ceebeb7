import type { StaffMemberDetail } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, problem, renderRoute, sentBodyTo, type FakeResponse } from '../../../test-utils';
import { TEAM, detailSample, teamApi } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = `${TEAM}/members/7`;

/** A fake API holding one staff member, changed by the actions as the server would. */
function memberApi(
  start: StaffMemberDetail = detailSample(),
  answers: Record<string, (body: unknown) => FakeResponse> = {},
) {
  let current = start;
  const set = (member: Partial<StaffMemberDetail['member']>) => {
    current = { ...current, member: { ...current.member, ...member } };
    return { status: 200, body: current.member };
  };
  return teamApi({
    [PATH]: () => ({ status: 200, body: current }),
    [`${PATH}/roles`]: (body) => set({ roles: [...(body as { roles: string[] }).roles].sort() }),
    [`${PATH}/deactivate`]: () =>
      set({ status: 'deactivated', deactivatedAt: '2026-11-22T10:00:00.000Z' }),
    [`${PATH}/reactivate`]: () => set({ status: 'active', deactivatedAt: null }),
    [`${PATH}/second-factor-reset`]: () => {
      current = {
        ...current,
        secondFactorReset: {
          approvalId: '55',
          proposedBy: { id: '1', name: 'Grace Hopper' },
          expiresAt: '2026-11-25T10:00:00.000Z',
        },
      };
      return {
        status: 201,
        body: {
          approvalId: '55',
          message: 'Proposed: a second staff administrator approves it under Approvals.',
        },
      };
    },
    ...answers,
  });
}

function descriptionOf(dialog: HTMLElement): string {
  return document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
}

async function region(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe("a staff member's page", () => {
  it('shows who they are, what they may do and their latest activity', async () => {
    memberApi();
    renderRoute('/admin/staff/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Katherine Johnson' }),
    ).toBeTruthy();
    expect(document.title).toBe('Katherine Johnson · Staff · Cedar Bank');
    const details = await region('Details');
    const term = (name: string) =>
      details.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
    expect(term('Email')).toBe('katherine@bank.example');
    await waitFor(() => expect(term('Roles')).toBe('Identity reviewer'));
    expect(term('Authenticator app')).toBe('Set up');
    expect(term('Last sign-in')).toContain('20/11/2026');
    const activity = await region('Recent activity');
    const items = activity.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Staff signed in by them');
    expect(items[1]?.textContent).toContain("Staff member's roles changed by Grace Hopper");
    expect(screen.getByRole('link', { name: '← Staff' }).getAttribute('href')).toBe('/admin/staff');
  });

  it('changes their roles with a reason, once confirmed', async () => {
    const fetchMock = memberApi();
    renderRoute('/admin/staff/7');
    const roles = await region('Roles');
    const operations = await roles.findByRole('checkbox', { name: 'Operations' });
    expect(
      (roles.getByRole('checkbox', { name: 'Identity reviewer' }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(operations);
    await userEvent.type(
      roles.getByLabelText(/^Reason \(kept in the audit log\)/),
      'Moved to the payments team',
    );
    await userEvent.click(roles.getByRole('button', { name: 'Save roles' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the roles of Katherine Johnson?' });
    expect(descriptionOf(dialog)).toBe(
      'From Identity reviewer to Identity reviewer, Operations. Their next request has the new permissions.',
    );
    expect(callsTo(fetchMock, `${PATH}/roles`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change roles' }));
    expect(
      await screen.findByText(
        'Roles changed: Katherine Johnson is now Identity reviewer, Operations. Their next request has the new permissions.',
      ),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${PATH}/roles`)).toEqual({
      roles: ['kyc_reviewer', 'operations'],
      reason: 'Moved to the payments team',
    });
    const [, init] = callsTo(fetchMock, `${PATH}/roles`)[0] ?? [];
    expect(init?.method).toBe('PUT');
  });

  it('asks for a role and a reason before confirming anything', async () => {
    const fetchMock = memberApi();
    renderRoute('/admin/staff/7');
    const roles = await region('Roles');
    await userEvent.click(await roles.findByRole('checkbox', { name: 'Identity reviewer' }));
    await userEvent.click(roles.getByRole('button', { name: 'Save roles' }));
    expect(await roles.findByText('Choose at least one role')).toBeTruthy();
    expect(roles.getByText('Say why, for the audit log')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, `${PATH}/roles`)).toHaveLength(0);
  });

  it('deactivates them after saying their sessions end, then offers to reactivate', async () => {
    const fetchMock = memberApi();
    renderRoute('/admin/staff/7');
    const access = await region('Access');
    await userEvent.type(
      await access.findByLabelText(/^Reason \(kept in the audit log\)/),
      'Left the bank',
    );
    await userEvent.click(access.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Katherine Johnson?' });
    expect(descriptionOf(dialog)).toContain('Every session of theirs ends at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(
        'Katherine Johnson is deactivated: every session of theirs has ended, and they cannot sign in.',
      ),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${PATH}/deactivate`)).toEqual({ reason: 'Left the bank' });
    // Read again: the page now shows the deactivated member, with the way back.
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.getAllByText('Deactivated').length).toBeGreaterThan(0);
  });

  it('says why when the change would leave no staff administrator', async () => {
    memberApi(detailSample({ roles: ['admin'] }), {
      [`${PATH}/deactivate`]: () =>
        problem(
          409,
          'CONFLICT',
          'This would leave no active staff member who can manage staff. Give another person a role with staff administration first.',
        ),
    });
    renderRoute('/admin/staff/7');
    const access = await region('Access');
    await userEvent.type(
      await access.findByLabelText(/^Reason \(kept in the audit log\)/),
      'Leaving',
    );
    await userEvent.click(access.getByRole('button', { name: 'Deactivate' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(
      await screen.findByText(
        'This would leave no active staff member who can manage staff. Give another person a role with staff administration first.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('proposes resetting their authenticator app, then shows the proposal waiting', async () => {
    const fetchMock = memberApi();
    renderRoute('/admin/staff/7');
    const app = await region('Authenticator app');
    await userEvent.type(
      await app.findByLabelText(/^Reason \(kept in the audit log\)/),
      'Lost their phone',
    );
    await userEvent.click(app.getByRole('button', { name: 'Propose a reset' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Propose resetting the authenticator app of Katherine Johnson?',
    });
    expect(descriptionOf(dialog)).toContain('Nothing changes until a second staff administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose the reset' }));
    expect(
      await screen.findByText(
        'Proposed: a second staff administrator approves it under Approvals.',
      ),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${PATH}/second-factor-reset`)).toEqual({
      reason: 'Lost their phone',
    });
    const proposal = await screen.findByRole('link', { name: 'Open the proposal' });
    expect(proposal.getAttribute('href')).toBe('/admin/approvals/55');
    expect(screen.queryByRole('button', { name: 'Propose a reset' })).toBeNull();
  });

  it('offers nothing to change on your own page, and nothing to reset before an app is set up', async () => {
    memberApi(detailSample({ isYou: true }));
    renderRoute('/admin/staff/7');
    expect(await screen.findByText(/This is you. Nobody changes their own access/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save roles' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    cleanup();

    memberApi(detailSample({ secondFactor: false }));
    renderRoute('/admin/staff/7');
    const app = await region('Authenticator app');
    expect(
      app.getByText('Not set up yet: they set it up at their next sign-in. Nothing to reset.'),
    ).toBeTruthy();
  });

  it('says when there is no such staff member', async () => {
    teamApi({ [`${TEAM}/members/99`]: () => problem(404, 'NOT_FOUND', 'No such staff member') });
    renderRoute('/admin/staff/99');
    expect(await screen.findByRole('heading', { name: 'No such staff member' })).toBeTruthy();
  });
});

describe('a deactivated staff member', () => {
  it('can be reactivated with a reason', async () => {
    const fetchMock = memberApi(
      detailSample({ status: 'deactivated', deactivatedAt: '2026-11-22T10:00:00.000Z' }),
    );
    renderRoute('/admin/staff/7');
    const access = await region('Access');
    await userEvent.type(
      await access.findByLabelText(/^Reason \(kept in the audit log\)/),
      'Back from leave',
    );
    await userEvent.click(access.getByRole('button', { name: 'Reactivate' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Reactivate Katherine Johnson?' })).getByRole(
        'button',
        { name: 'Reactivate' },
      ),
    );
    expect(
      await screen.findByText('Katherine Johnson can sign in again, with the roles they had.'),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${PATH}/reactivate`)).toEqual({ reason: 'Back from leave' });
  });
});
