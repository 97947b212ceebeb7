import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute } from '../../../test-utils';
import { fakeWebAuthn, REGISTRATION_OPTIONS, removeWebAuthn } from '../../../test-webauthn';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  removeWebAuthn();
  vi.unstubAllGlobals();
});

const PASSKEY = {
  id: 'p9',
  name: 'YubiKey',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

describe('the back office: your security', () => {
  it('is in every staff member’s menu and keeps their own passkeys', async () => {
    const browser = fakeWebAuthn();
    let kept: (typeof PASSKEY)[] = [];
    const fetchMock = mockFetch((path, body) => {
      if (path === '/api/v1/auth/session') {
        return { status: 200, body: { me: staffMe(['kyc.review']) } };
      }
      if (path === '/api/v1/passkeys/options') return { status: 200, body: REGISTRATION_OPTIONS };
      if (path === '/api/v1/passkeys' && body !== undefined) {
        kept = [{ ...PASSKEY, name: (body as { name: string }).name }];
        return { status: 201, body: kept[0] };
      }
      if (path === '/api/v1/passkeys') return { status: 200, body: { items: kept } };
      return problem(404, 'NOT_FOUND', `unexpected ${path}`);
    });
    const user = userEvent.setup();
    renderRoute('/admin/security');
    expect(await screen.findByRole('heading', { name: 'Your security', level: 1 })).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(nav.getByRole('link', { name: 'Your security' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await screen.findByText('No passkeys yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Passkey name');
    await user.clear(name);
    await user.type(name, 'YubiKey');
    await user.type(within(dialog).getByLabelText('Your account password'), 'staff password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Passkey “YubiKey” added/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Remove YubiKey' })).toBeTruthy();
    expect(browser.create).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, '/api/v1/passkeys/options')).toHaveLength(1);
  });
});
