import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ada, bankAnswers } from '../../../test-fixtures';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  type FakeResponse,
} from '../../../test-utils';
import { passkeyUnavailableReason } from './passkey-support';

const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

beforeEach(() => {
  // jsdom has no WebAuthn; the page offers the passkey only where the browser has it.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  startAuthentication.mockReset();
});

const PAGE = '/auth/second-factor';
const VERIFY = '/api/v1/auth/second-factor';
const PASSKEY_OPTIONS = '/api/v1/auth/mfa/passkey/options';
const PASSKEY = '/api/v1/auth/mfa/passkey';
const OPTIONS = { challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U', rpId: 'localhost', timeout: 60000 };
const ASSERTION = {
  id: 'Y3JlZGVudGlhbC1pZC0x',
  rawId: 'Y3JlZGVudGlhbC1pZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};

/**
 * Ada between her password and her second step (`second_factor`), a customer once a factor
 * passes; `answers` by path overrides the rest.
 */
function twoStepApi(answers: Record<string, () => FakeResponse> = {}) {
  let scope: 'second_factor' | 'customer' = 'second_factor';
  const bank = bankAnswers();
  return mockFetch((path) => {
    const custom = answers[path];
    const answer: FakeResponse = custom
      ? custom()
      : path === VERIFY || path === PASSKEY
        ? { status: 200, body: { next: 'dashboard' } }
        : path === PASSKEY_OPTIONS
          ? { status: 200, body: OPTIONS }
          : path === '/api/v1/auth/session'
            ? { status: 200, body: { me: { ...ada, scope } } }
            : bank(path);
    if ((path === VERIFY || path === PASSKEY) && answer.status === 200) scope = 'customer';
    return answer;
  });
}

const digitBoxes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: /^Digit/ });

describe('the second step of a customer sign-in', () => {
  it('takes the authenticator app’s code and goes where the server says', async () => {
    const fetchMock = twoStepApi();
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'authenticator' });
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Two-step sign-in · Cedar Bank'));
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sentBodyTo(fetchMock, VERIFY)).toEqual({ code: '654321' });
    expect(await screen.findByText('Welcome Back')).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toEqual({ keepFocus: true }));
    expect(router.state.location.search).toBe('');
  });

  it('takes a recovery code instead', async () => {
    const fetchMock = twoStepApi({
      [VERIFY]: () => ({ status: 200, body: { next: 'kyc_review' } }),
    });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'authenticator' });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/account/under-review'));
    expect(sentBodyTo(fetchMock, VERIFY)).toEqual({ recoveryCode: 'abcde-fghij' });
  });

  it('lands on the dashboard’s own address after a recovery code (no "?index")', async () => {
    twoStepApi();
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'passkey' });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome Back')).toBeTruthy();
    await waitFor(() => expect(router.state.location.state).toEqual({ keepFocus: true }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('');
  });

  it('uses the passkey, loading the WebAuthn library only when pressed', async () => {
    startAuthentication.mockResolvedValue(ASSERTION);
    const fetchMock = twoStepApi();
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'passkey' });
    const button = await screen.findByRole('button', { name: 'Use your passkey' });
    // Only the passkey, and the way out with a recovery code.
    expect(screen.queryAllByRole('textbox', { name: /^Digit/ })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeTruthy();
    expect(startAuthentication).not.toHaveBeenCalled();
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(router.state.location.state).toEqual({ keepFocus: true }));
    expect(router.state.location.search).toBe('');
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sentBodyTo(fetchMock, PASSKEY)).toEqual({ response: ASSERTION });
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);
  });

  it('says so when the passkey prompt is cancelled, and sends nothing', async () => {
    startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const fetchMock = twoStepApi();
    const user = userEvent.setup();
    renderRoute(PAGE, { method: 'passkey' });
    await user.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your passkey did not answer/);
    expect(callsTo(fetchMock, PASSKEY)).toHaveLength(0);
  });

  it('says why a code was refused and empties the boxes', async () => {
    twoStepApi({
      [VERIFY]: () =>
        problem(422, 'UNPROCESSABLE', 'That code is not right. Check the time on your phone.'),
    });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'authenticator' });
    await screen.findByRole('heading', { name: 'Confirm it’s you' });
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('000000');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the time on your phone.',
    );
    expect(
      digitBoxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('');
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('says a recovery code not written as one on its field, keeps it, and sends nothing', async () => {
    const fetchMock = twoStepApi();
    const user = userEvent.setup();
    renderRoute(PAGE, { method: 'authenticator' });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText<HTMLInputElement>('Recovery code');
    await user.type(field, 'abcde-fghi1');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('abcde-fghi1');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const message = described.map((id) => document.getElementById(id)?.textContent);
    expect(message).toContain('Enter a recovery code as it was printed');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);

    // Corrected, it goes; the message goes as soon as the code is changed.
    await user.clear(field);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.type(field, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(callsTo(fetchMock, VERIFY)).toHaveLength(1));
  });

  it('says a recovery code the server refuses on its field, keeping what was typed', async () => {
    const wrong =
      'That recovery code is not right, or it was already used. Check it, or use another of your codes.';
    twoStepApi({ [VERIFY]: () => problem(422, 'UNPROCESSABLE', wrong) });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'authenticator' });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText<HTMLInputElement>('Recovery code');
    await user.type(field, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('abcde-fghij');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(wrong);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe(PAGE);

    // Refused again with the same words, the keyboard is taken back to the field again.
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('goes back to sign-in with the reason when the server ends the attempt (401)', async () => {
    twoStepApi({
      [VERIFY]: () =>
        problem(401, 'UNAUTHENTICATED', 'Too many wrong codes. Please sign in again.'),
    });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { method: 'authenticator' });
    await screen.findByRole('heading', { name: 'Confirm it’s you' });
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('111111');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(await screen.findByText('Too many wrong codes. Please sign in again.')).toBeTruthy();
  });

  it('offers both the passkey and the code when opened without word from sign-in', async () => {
    twoStepApi();
    renderRoute(PAGE);
    expect(await screen.findByRole('button', { name: 'Use your passkey' })).toBeTruthy();
    expect(digitBoxes()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Not you? Sign out' })).toBeTruthy();
  });

  it.each(['/', '/dashboard', '/dashboard/settings'])(
    'is where a half-finished sign-in is sent from %s',
    async (path) => {
      twoStepApi();
      const router = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    },
  );

  it('is not for someone fully signed in', async () => {
    mockFetch(bankAnswers());
    const router = renderRoute(PAGE, { method: 'authenticator' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('where passkeys cannot work', () => {
  it('names an IP address and a browser without WebAuthn', () => {
    expect(passkeyUnavailableReason('127.0.0.1', true)).toMatch(/not by an IP address/);
    expect(passkeyUnavailableReason('[::1]', true)).toMatch(/not by an IP address/);
    expect(passkeyUnavailableReason('bank.example', false)).toMatch(/cannot use passkeys/);
    expect(passkeyUnavailableReason('localhost', true)).toBeNull();
  });

  it('turns the passkey button off and says why', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    twoStepApi();
    renderRoute(PAGE, { method: 'passkey' });
    const button = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Use your passkey',
    });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/This browser cannot use passkeys/)).toBeTruthy();
  });
});
