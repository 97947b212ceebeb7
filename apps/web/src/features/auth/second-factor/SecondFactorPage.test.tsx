import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  type FakeResponse,
} from '../../../test-utils';

const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  startAuthentication.mockReset();
});

const grace = {
  firstName: 'Grace',
  lastName: 'Hopper',
  username: 'ghopper',
  email: 'grace@bank.example',
  kycStatus: 'approved',
  permissions: ['kyc.review'],
};
const PAGE = '/auth/staff/second-factor';
const SETUP = '/api/v1/auth/mfa/setup';
const ENROL = '/api/v1/auth/mfa/enrol';
const VERIFY = '/api/v1/auth/mfa/verify';
const PASSKEY_OPTIONS = '/api/v1/auth/mfa/passkey/options';
const PASSKEY = '/api/v1/auth/mfa/passkey';
const RECOVERY_CODES = [
  'abcde-fghij',
  'bcdef-ghijk',
  'cdefg-hijkl',
  'defgh-ijklm',
  'efghi-jklmn',
  'fghij-klmno',
  'ghijk-lmnop',
  'hijkl-mnopq',
  'ijklm-nopqr',
  'jklmn-opqrs',
];

/**
 * The staff member mid sign-in (`mfa_pending`) until the second factor is through; then a staff
 * session. `answers` by path overrides the rest.
 */
function staffApi(answers: Record<string, () => FakeResponse> = {}) {
  let scope = 'mfa_pending';
  return mockFetch((path) => {
    const custom = answers[path];
    const answer: FakeResponse = custom
      ? custom()
      : path === SETUP
        ? {
            status: 200,
            body: {
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUrl:
                'otpauth://totp/Cedar%20Bank:grace%40bank.example?secret=JBSWY3DPEHPK3PXP',
              qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
            },
          }
        : path === ENROL
          ? { status: 200, body: { recoveryCodes: RECOVERY_CODES } }
          : path === VERIFY
            ? { status: 200, body: { next: 'staff', recoveryCodesLeft: 9 } }
            : path === '/api/v1/staff/overview'
              ? {
                  status: 200,
                  body: {
                    asOf: '2026-11-21T12:00:00.000Z',
                    queues: [],
                    ledger: { lastCheck: null, stale: true, totals: [] },
                  },
                }
              : path === '/api/v1/auth/signout'
                ? { status: 204 }
                : path === '/api/v1/auth/session'
                  ? { status: 200, body: { me: { ...grace, scope } } }
                  : problem(404, 'NOT_FOUND', path);
    if ((path === ENROL || path === VERIFY || path === PASSKEY) && answer.status === 200) {
      scope = 'staff';
    }
    return answer;
  });
}

const digitBoxes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: /^Digit/ });

describe('the first staff sign-in: setting up the authenticator app', () => {
  it('shows the QR code and the key to type by hand, and asks for the first code', async () => {
    staffApi();
    renderRoute(PAGE, { enrolled: false });
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect(screen.getByText(/^Account:/).textContent).toContain('grace@bank.example');
    expect(screen.getByRole('group', { name: 'Code from the app' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Set up two-step sign-in · Cedar Bank'));
  });

  it('asks the server for one key, even when the page is mounted twice', async () => {
    const fetchMock = staffApi();
    renderRoute(PAGE, { enrolled: false }, { strict: true });
    await screen.findByText('JBSW Y3DP EHPK 3PXP');
    expect(callsTo(fetchMock, SETUP)).toHaveLength(1);
  });

  it('confirms the app, then shows the recovery codes once, until they are saved', async () => {
    const fetchMock = staffApi();
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { enrolled: false });
    await screen.findByText('JBSW Y3DP EHPK 3PXP');
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('123456');

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(sentBodyTo(fetchMock, ENROL)).toEqual({ code: '123456' });
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByRole('button', { name: 'Copy all recovery codes' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const box = screen.getByRole('checkbox', { name: 'I have saved my recovery codes' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe(PAGE);

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('downloads the codes as a text file', async () => {
    staffApi();
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderRoute(PAGE, { enrolled: false });
    await screen.findByText('JBSW Y3DP EHPK 3PXP');
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('123456');
    await user.click(await screen.findByRole('button', { name: 'Download as .txt' }));

    expect(clicked[0]?.download).toBe('cedar-bank-recovery-codes.txt');
    expect(clicked[0]?.href).toBe('blob:codes');
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0] as Blob);
    });
    for (const code of RECOVERY_CODES) expect(text).toContain(code);
    expect(text).toContain('grace@bank.example');
  });

  it('says why a code was refused and empties the boxes', async () => {
    staffApi({
      [ENROL]: () =>
        problem(422, 'UNPROCESSABLE', 'That code is not right. Check the time on your phone.'),
    });
    const user = userEvent.setup();
    renderRoute(PAGE, { enrolled: false });
    await screen.findByText('JBSW Y3DP EHPK 3PXP');
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('000000');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the time on your phone.',
    );
    await waitFor(() =>
      expect(
        digitBoxes()
          .map((box) => box.value)
          .join(''),
      ).toBe(''),
    );
  });
});

describe('later staff sign-ins', () => {
  it('finish with the app code and open the back office', async () => {
    const fetchMock = staffApi();
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { enrolled: true });
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeTruthy();
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sentBodyTo(fetchMock, VERIFY)).toEqual({ code: '654321' });
    expect(callsTo(fetchMock, SETUP)).toHaveLength(0);
  });

  it('take a recovery code instead, and warn when few are left', async () => {
    const fetchMock = staffApi({
      [VERIFY]: () => ({ status: 200, body: { next: 'staff', recoveryCodesLeft: 2 } }),
    });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { enrolled: true });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: '2 recovery codes left' })).toBeTruthy();
    expect(sentBodyTo(fetchMock, VERIFY)).toEqual({ recoveryCode: 'abcde-fghij' });
    await user.click(screen.getByRole('button', { name: 'Continue to the back office' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('say a refused recovery code on its field, keeping it, with the keyboard back there', async () => {
    const fetchMock = staffApi({
      [VERIFY]: () =>
        problem(422, 'UNPROCESSABLE', 'That code is not right. Check the time on your phone.'),
    });
    const user = userEvent.setup();
    renderRoute(PAGE, { enrolled: true });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText<HTMLInputElement>('Recovery code');
    await user.type(field, 'not a code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('not a code');
    const described = () =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    expect(described()).toContain('Enter a recovery code as it was printed');
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(described()).toContain('That code is not right. Check the time on your phone.'),
    );
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('abcde-fghij');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('go back to sign-in with the reason when the server ends the attempt (401)', async () => {
    staffApi({
      [VERIFY]: () =>
        problem(401, 'UNAUTHENTICATED', 'Too many wrong codes. Please sign in again.'),
    });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { enrolled: true });
    await screen.findByRole('heading', { name: 'Confirm it’s you' });
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('111111');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(await screen.findByText('Too many wrong codes. Please sign in again.')).toBeTruthy();
  });

  it('are recognised when the page is opened without word from sign-in', async () => {
    const fetchMock = staffApi({
      [SETUP]: () => problem(409, 'CONFLICT', 'Your authenticator app is already set up.'),
    });
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeTruthy();
    expect(callsTo(fetchMock, SETUP)).toHaveLength(1);
  });
});

describe('a sign-in waiting for its second factor', () => {
  it.each(['/', '/admin', '/admin/kyc'])('is sent from %s to the second factor', async (path) => {
    const fetchMock = staffApi();
    const router = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(fetchMock.mock.calls.filter(([called]) => called.startsWith('/api/v1/staff/'))).toEqual(
      [],
    );
  });

  it('can be abandoned', async () => {
    const fetchMock = staffApi();
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { enrolled: true });
    await user.click(await screen.findByRole('button', { name: 'Not you? Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo(fetchMock, '/api/v1/auth/signout')).toHaveLength(1);
    await act(async () => undefined);
  });
});

describe('a later staff sign-in with a passkey instead of the app', () => {
  it('uses the passkey and lands in the back office, the WebAuthn library loaded on the press', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const assertion = {
      id: 'Y3JlZGVudGlhbC1pZC0x',
      rawId: 'Y3JlZGVudGlhbC1pZC0x',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
      clientExtensionResults: {},
    };
    startAuthentication.mockResolvedValue(assertion);
    const fetchMock = staffApi({
      [PASSKEY_OPTIONS]: () => ({ status: 200, body: { challenge: 'Y2hhbGxlbmdl' } }),
      [PASSKEY]: () => ({ status: 200, body: { next: 'staff' } }),
    });
    const user = userEvent.setup();
    const router = renderRoute(PAGE, { enrolled: true });
    const button = await screen.findByRole('button', { name: 'Use your passkey' });
    expect(startAuthentication).not.toHaveBeenCalled();
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sentBodyTo(fetchMock, PASSKEY)).toEqual({ response: assertion });
    expect(callsTo(fetchMock, VERIFY)).toHaveLength(0);
  });

  it('says the server’s answer when the staff member has no passkey', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    staffApi({
      [PASSKEY_OPTIONS]: () =>
        problem(409, 'CONFLICT', 'You have no passkey yet: use your authenticator app.'),
    });
    const user = userEvent.setup();
    renderRoute(PAGE, { enrolled: true });
    await user.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You have no passkey yet');
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});
