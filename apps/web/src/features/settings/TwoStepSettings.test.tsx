import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, fieldProblem } from '../../test-fixtures';
import { callsTo, mockFetch, renderRoute, sentBodyTo, type FakeResponse } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATUS = '/api/v1/settings/second-factor';
const PASSKEYS = '/api/v1/passkeys';
const SETUP = '/api/v1/settings/second-factor/authenticator/setup';
const WITH_APP = '/api/v1/settings/second-factor/authenticator';
const WITH_PASSKEY = '/api/v1/settings/second-factor/passkey';
const OFF = '/api/v1/settings/second-factor/off';
const NEW_CODES = '/api/v1/settings/second-factor/recovery-codes';
const FORGET = '/api/v1/settings/second-factor/forget-browsers';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-fghij`);
const OFF_STATUS = { method: null, enabledAt: null, recoveryCodesLeft: 0, rememberedBrowsers: 0 };
const PASSKEY = {
  id: '1',
  name: 'MacBook',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
};

/**
 * Ada's settings with two-step sign-in in `status`; a change the server accepts moves it on,
 * as the server would. `answers` by path overrides the rest (undefined: the usual answer).
 */
function twoStepApi({
  status = OFF_STATUS as object,
  passkeys = [] as object[],
  answers = {} as Record<string, () => FakeResponse | undefined>,
} = {}) {
  let current = status;
  const bank = bankAnswers({
    '/api/v1/settings/sessions': { status: 200, body: { items: [] } },
  });
  return mockFetch((path) => {
    const custom = answers[path]?.();
    if (custom) return custom;
    switch (path) {
      case STATUS:
        return { status: 200, body: current };
      case PASSKEYS:
        return { status: 200, body: { items: passkeys } };
      case SETUP:
        return {
          status: 200,
          body: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Cedar%20Bank:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
            qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
          },
        };
      case WITH_APP:
      case WITH_PASSKEY:
        current = {
          method: path === WITH_APP ? 'authenticator' : 'passkey',
          enabledAt: '2026-11-27T10:00:00.000Z',
          recoveryCodesLeft: 10,
          rememberedBrowsers: 0,
        };
        return { status: 200, body: { recoveryCodes: CODES } };
      case OFF:
        current = OFF_STATUS;
        return { status: 200, body: { message: 'Two-step sign-in is off.' } };
      case NEW_CODES:
        return { status: 200, body: { recoveryCodes: CODES } };
      case FORGET: {
        const forgotten = (current as { rememberedBrowsers: number }).rememberedBrowsers;
        current = { ...current, rememberedBrowsers: 0 };
        return { status: 200, body: { forgotten } };
      }
      default:
        return bank(path);
    }
  });
}

async function section() {
  const heading = await screen.findByRole('heading', { name: 'Two-step sign-in' });
  return within(heading.closest('section') as HTMLElement);
}

const digitBoxes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: /^Digit/ });

describe('two-step sign-in in Settings', () => {
  it('turns on with an authenticator app: QR code and key, the app’s code, ten codes once', async () => {
    const fetchMock = twoStepApi();
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    await user.click(await inSection.findByRole('button', { name: 'Use an authenticator app' }));

    const qr = await inSection.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(inSection.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    // The pressed button is gone: the keyboard carries on from the first step.
    expect(document.activeElement?.textContent).toMatch(/^In an authenticator app/);
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('123456');

    const list = await inSection.findByRole('list', { name: 'Recovery codes' });
    expect(sentBodyTo(fetchMock, WITH_APP)).toEqual({ code: '123456' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(inSection.getByText(/shown only this once/)).toBeTruthy();
    expect(inSection.getByRole('button', { name: 'Download as .txt' })).toBeTruthy();

    await user.click(inSection.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await inSection.findByText('An authenticator app')).toBeTruthy();
    expect(inSection.getByText('10 of 10')).toBeTruthy();
    expect(inSection.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    // The pressed button is gone: focus is on the status that replaced it, not lost to the page.
    expect(document.activeElement?.textContent).toMatch(/^Second step/);
  });

  it('says why the app’s code was refused', async () => {
    twoStepApi({
      answers: {
        [WITH_APP]: () => ({
          status: 422,
          body: {
            type: 'about:blank',
            title: 'Unprocessable',
            status: 422,
            code: 'UNPROCESSABLE',
            detail: 'That code is not right. Check the time on your phone.',
          },
        }),
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    await user.click(await inSection.findByRole('button', { name: 'Use an authenticator app' }));
    await inSection.findByText('JBSW Y3DP EHPK 3PXP');
    await user.click(digitBoxes()[0] as HTMLElement);
    await user.keyboard('000000');
    expect((await inSection.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the time on your phone.',
    );
  });

  it('turns on with a passkey, when the customer has one', async () => {
    const fetchMock = twoStepApi({ passkeys: [PASSKEY] });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    const button = await inSection.findByRole<HTMLButtonElement>('button', {
      name: 'Use my passkey',
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    expect(await inSection.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(callsTo(fetchMock, WITH_PASSKEY)).toHaveLength(1);
    await user.click(inSection.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await inSection.findByText('Your passkey')).toBeTruthy();
  });

  it('keeps the passkey choice off, and says why, without a passkey', async () => {
    twoStepApi();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    expect(await inSection.findByText(/You have no passkey yet/)).toBeTruthy();
    const button = inSection.getByRole<HTMLButtonElement>('button', { name: 'Use my passkey' });
    expect(button.disabled).toBe(true);
  });

  it('turns off with the password, saying when it is wrong', async () => {
    let tries = 0;
    twoStepApi({
      status: {
        method: 'authenticator',
        enabledAt: '2026-11-20T10:00:00.000Z',
        recoveryCodesLeft: 8,
        rememberedBrowsers: 0,
      },
      answers: {
        [OFF]: () => {
          tries += 1;
          return tries === 1
            ? fieldProblem('body.currentPassword', 'That password is not right.')
            : undefined;
        },
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    expect(await inSection.findByText('8 of 10')).toBeTruthy();
    await user.click(inSection.getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    await user.type(within(dialog).getByLabelText('Your account password'), 'wrong horse');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('That password is not right.')).toBeTruthy();

    const field = within(dialog).getByLabelText('Your account password');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, 'velvet tram');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await inSection.findByText('Two-step sign-in is off.')).toBeTruthy();
    expect(await inSection.findByRole('button', { name: 'Use an authenticator app' })).toBeTruthy();
    // Said once: the confirmation, not the confirmation and the usual words beside it.
    const sectionText = () =>
      screen.getByRole('heading', { name: 'Two-step sign-in' }).closest('section')?.textContent ??
      '';
    expect(sectionText().match(/Two-step sign-in is off/g)).toHaveLength(1);

    // Setting it up again, the confirmation has had its day.
    await user.click(inSection.getByRole('button', { name: 'Use an authenticator app' }));
    expect(await inSection.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(sectionText()).not.toMatch(/Two-step sign-in is off/);
    await user.click(inSection.getByRole('button', { name: 'Cancel' }));
    expect(await inSection.findByRole('button', { name: 'Use an authenticator app' })).toBeTruthy();
    expect(inSection.queryByText('Two-step sign-in is off.')).toBeNull();
    expect(sectionText().match(/Two-step sign-in is off/g)).toHaveLength(1);
  });

  it('makes new recovery codes with the password, and warns when few are left', async () => {
    const fetchMock = twoStepApi({
      status: {
        method: 'passkey',
        enabledAt: '2026-11-20T10:00:00.000Z',
        recoveryCodesLeft: 2,
        rememberedBrowsers: 0,
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    expect(await inSection.findByText(/Only 2 recovery codes left/)).toBeTruthy();
    await user.click(inSection.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('Your account password'), 'velvet tram');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    const list = await inSection.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(sentBodyTo(fetchMock, NEW_CODES)).toEqual({ currentPassword: 'velvet tram' });
    expect(inSection.getByText(/the old ones no longer work/)).toBeTruthy();
  });

  it('forgets the remembered browsers with one button, saying how many skip the second step', async () => {
    const fetchMock = twoStepApi({
      status: {
        method: 'authenticator',
        enabledAt: '2026-11-20T10:00:00.000Z',
        recoveryCodesLeft: 10,
        rememberedBrowsers: 3,
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    expect(await inSection.findByText('3 browsers skip the second step.')).toBeTruthy();
    const button = inSection.getByRole<HTMLButtonElement>('button', {
      name: 'Forget remembered browsers',
    });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    button.focus();
    await user.keyboard('{Enter}');

    const done = await inSection.findByRole('status');
    expect(done.textContent).toBe('Every browser will ask for the second step again.');
    expect(callsTo(fetchMock, FORGET)).toHaveLength(1);
    expect(await inSection.findByText('No browser skips the second step.')).toBeTruthy();
    // The keyboard carries on from the button; the message is announced beside it.
    expect(document.activeElement).toBe(button);
    expect(done.textContent).toBe('Every browser will ask for the second step again.');
  });

  it('says when the browsers could not be forgotten, and lets the customer try again', async () => {
    let tries = 0;
    const fetchMock = twoStepApi({
      status: {
        method: 'passkey',
        enabledAt: '2026-11-20T10:00:00.000Z',
        recoveryCodesLeft: 10,
        rememberedBrowsers: 1,
      },
      answers: {
        [FORGET]: () => {
          tries += 1;
          return tries === 1
            ? {
                status: 429,
                body: {
                  type: 'about:blank',
                  title: 'Too Many Requests',
                  status: 429,
                  code: 'RATE_LIMITED',
                  detail: 'Too many requests. Try again in a minute.',
                },
              }
            : undefined;
        },
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const inSection = await section();
    expect(await inSection.findByText('1 browser skips the second step.')).toBeTruthy();
    await user.click(inSection.getByRole('button', { name: 'Forget remembered browsers' }));
    expect((await inSection.findByRole('alert')).textContent).toBe(
      'Too many requests. Try again in a minute.',
    );
    expect(inSection.getByText('1 browser skips the second step.')).toBeTruthy();
    await user.click(inSection.getByRole('button', { name: 'Forget remembered browsers' }));
    expect(
      await inSection.findByText('Every browser will ask for the second step again.'),
    ).toBeTruthy();
    expect(inSection.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, FORGET)).toHaveLength(2);
  });
});
