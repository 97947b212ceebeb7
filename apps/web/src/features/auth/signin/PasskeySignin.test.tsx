import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  signedOut,
  type FakeResponse,
} from '../../../test-utils';
import {
  AUTHENTICATION_OPTIONS,
  fakeWebAuthn,
  promptClosed,
  removeWebAuthn,
} from '../../../test-webauthn';

afterEach(() => {
  cleanup();
  removeWebAuthn();
  vi.unstubAllGlobals();
});

const OPTIONS = '/api/v1/auth/passkey/options';
const SIGNIN = '/api/v1/auth/passkey';
const BUTTON = 'Sign in with a passkey';

/** Signed out; the passkey options, and `outcome` for the signed challenge. */
function passkeyServer(outcome: FakeResponse) {
  return mockFetch(
    signedOut((path) => {
      if (path === OPTIONS) return { status: 200, body: AUTHENTICATION_OPTIONS };
      if (path === SIGNIN) return outcome;
      return { status: 404 };
    }),
  );
}

describe('Sign in with a passkey', () => {
  it('sits under the password form, which stays as it was', async () => {
    fakeWebAuthn();
    passkeyServer({ status: 500 });
    renderRoute('/auth/signin');
    const passkey = await screen.findByRole('button', { name: BUTTON });
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(signIn.compareDocumentPosition(passkey) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('signs the challenge and goes where the server says, as the password sign-in does', async () => {
    const browser = fakeWebAuthn();
    const fetchMock = passkeyServer({ status: 200, body: { next: 'dashboard' } });
    const user = userEvent.setup();
    const router = renderRoute('/auth/signin');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(browser.get).toHaveBeenCalledTimes(1);
    const sent = sentBodyTo(fetchMock, SIGNIN) as { response: { type: string; id: string } };
    expect(sent.response).toMatchObject({ type: 'public-key', id: 'Y3JlZGVudGlhbC1vbmUtMTIzNDU2' });
    // No password was sent.
    expect(callsTo(fetchMock, '/api/v1/auth/signin')).toHaveLength(0);
  });

  it('routes the other outcomes alike: identity check under review, staff', async () => {
    fakeWebAuthn();
    passkeyServer({ status: 200, body: { next: 'kyc_review' } });
    const user = userEvent.setup();
    let router = renderRoute('/auth/signin');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/account/under-review'));
    cleanup();

    passkeyServer({ status: 200, body: { next: 'staff' } });
    router = renderRoute('/auth/signin');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('says calmly that no passkey was used when the browser prompt is closed', async () => {
    const browser = fakeWebAuthn();
    browser.get.mockRejectedValueOnce(promptClosed());
    const fetchMock = passkeyServer({ status: 200, body: { next: 'dashboard' } });
    const user = userEvent.setup();
    const router = renderRoute('/auth/signin');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    expect((await screen.findByRole('status')).textContent).toMatch(/No passkey was used/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, SIGNIN)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/auth/signin');
    // The button is there to try again.
    expect(screen.getByRole('button', { name: BUTTON })).toBeTruthy();
  });

  it("says the server's refusal of the passkey", async () => {
    fakeWebAuthn();
    passkeyServer(problem(401, 'UNAUTHENTICATED', 'That passkey is not one of this bank’s.'));
    const user = userEvent.setup();
    renderRoute('/auth/signin');
    await user.click(await screen.findByRole('button', { name: BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That passkey is not one of this bank’s.',
    );
  });

  it('explains, instead of the button, where the browser cannot use passkeys', async () => {
    passkeyServer({ status: 500 });
    renderRoute('/auth/signin');
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
  });
});
