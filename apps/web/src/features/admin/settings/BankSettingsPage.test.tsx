import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DualControlSettings } from '@bank/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, sentBodyTo } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/api/v1/staff/settings/dual-control';
const ADMIN = staffMe(['staff.manage']);

function settings(overrides: Partial<DualControlSettings> = {}): DualControlSettings {
  return {
    threshold: '100000',
    currency: 'USD',
    updatedAt: null,
    updatedBy: null,
    pending: null,
    ...overrides,
  };
}

/** The settings API: GET answers `current`; POST proposes (or answers `onPost`). */
function settingsApi(
  initial = settings(),
  onPost?: (body: unknown) => { status: number; body: unknown },
) {
  let current = initial;
  return mockFetch((path, body) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: ADMIN } };
    if (path === PATH && body !== undefined) {
      if (onPost) return onPost(body);
      const { threshold } = body as { threshold: string };
      current = {
        ...current,
        pending: {
          id: '21',
          summary: 'Change the dual-control threshold',
          proposedBy: 'Grace Hopper',
          proposedAt: '2026-11-21T11:00:00.000Z',
          threshold,
        },
      };
      return { status: 201, body: { approvalId: '21', message: 'Proposed' } };
    }
    if (path === PATH) return { status: 200, body: current };
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

describe('bank settings', () => {
  it('shows the threshold and proposes a change with a reason, then shows it waiting', async () => {
    const fetchMock = settingsApi();
    renderRoute('/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank settings' })).toBeTruthy();
    const section = within(await screen.findByRole('region', { name: 'Dual-control threshold' }));
    expect(section.getByText('$1,000.00')).toBeTruthy();
    expect(section.getByText('Never: the starting value')).toBeTruthy();

    const amount = section.getByLabelText(/^New threshold/) as HTMLInputElement;
    expect(amount.value).toBe('');
    await userEvent.type(amount, '2,500');
    await userEvent.type(section.getByLabelText(/^Reason/), 'Larger deposits are routine now');
    await userEvent.click(section.getByRole('button', { name: 'Propose the change' }));

    expect(
      await screen.findByText(/Changing the threshold to \$2,500\.00 was proposed/),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, PATH)).toEqual({
      threshold: '250000',
      reason: 'Larger deposits are routine now',
    });
    await waitFor(() =>
      expect(screen.getByText('A change waits for a second administrator')).toBeTruthy(),
    );
    const links = screen.getAllByRole('link', { name: 'Open proposal 21' });
    expect(links.every((l) => l.getAttribute('href') === '/admin/approvals/21')).toBe(true);
    // Still the old value until approved; no second proposal form meanwhile.
    expect(section.getByText('$1,000.00')).toBeTruthy();
    expect(screen.queryByLabelText(/^New threshold/)).toBeNull();
  });

  it('refuses what is not a threshold, the same value, or no reason, sending nothing', async () => {
    const fetchMock = settingsApi();
    renderRoute('/admin/settings');
    const amount = (await screen.findByLabelText(/^New threshold/)) as HTMLInputElement;
    const reason = screen.getByLabelText(/^Reason/);
    await userEvent.type(reason, 'Because');
    for (const [typed, message] of [
      ['', 'Enter the new threshold'],
      ['abc', 'Use an amount such as 2,500.00, with at most two decimals'],
      ['0', 'Enter an amount greater than zero'],
      ['100,000,000.01', 'That amount is too large: at most 100,000,000.00'],
      ['1,000.00', 'That is the threshold already: nothing to change'],
    ] as const) {
      await userEvent.clear(amount);
      if (typed) await userEvent.type(amount, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Propose the change' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    await userEvent.clear(reason);
    await userEvent.type(amount, '{selectall}500');
    await userEvent.click(screen.getByRole('button', { name: 'Propose the change' }));
    expect(await screen.findByText('Say why, for the administrator who approves it')).toBeTruthy();
    expect(callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("shows a change waiting and the server's refusal", async () => {
    settingsApi(
      settings({
        threshold: '50000',
        updatedAt: '2026-11-20T09:00:00.000Z',
        updatedBy: 'Alan Turing',
      }),
      () =>
        problem(
          409,
          'CONFLICT',
          'A proposal for this is already waiting for a second person: approve, reject or withdraw it under Approvals first.',
        ),
    );
    renderRoute('/admin/settings');
    expect(await screen.findByText('$500.00')).toBeTruthy();
    expect(screen.getByText(/approved by Alan Turing/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^New threshold/), '600');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Raise it a little');
    await userEvent.click(screen.getByRole('button', { name: 'Propose the change' }));
    expect(
      await screen.findByText(/A proposal for this is already waiting for a second person/),
    ).toBeTruthy();
  });
});
