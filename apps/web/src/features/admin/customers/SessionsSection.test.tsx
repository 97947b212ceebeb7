import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';
import { CUSTOMER_PATH, customerApi, sessionList, sessionSample } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MANAGER = staffMe(['customers.manage']);

/** The value beside a term of the "Sign-in protection" panel. */
function term(panel: HTMLElement, name: string) {
  return within(panel).getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

/** Text as read, with the no-break space that keeps a time with its zone made plain. */
const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

describe("the customer page's sign-ins", () => {
  it('shows two-step sign-in, each passkey and the remembered browsers above the sign-ins', async () => {
    customerApi(MANAGER, {
      [`${CUSTOMER_PATH}/sessions`]: () => ({
        status: 200,
        body: sessionList({
          items: [sessionSample()],
          protection: {
            twoStep: {
              method: 'passkey',
              enabledAt: '2026-11-20T08:30:00.000Z',
              recoveryCodesLeft: 9,
            },
            passkeys: [
              {
                id: '41',
                name: 'Pixel 9',
                createdAt: '2026-11-19T10:00:00.000Z',
                lastUsedAt: '2026-11-21T09:00:00.000Z',
              },
              {
                id: '42',
                name: 'Work laptop',
                createdAt: '2026-11-20T08:00:00.000Z',
                lastUsedAt: null,
              },
            ],
            trustedBrowsers: 2,
          },
        }),
      }),
    });
    renderRoute('/admin/customers/31/sessions');
    const panel = await screen.findByRole('region', { name: 'Sign-in protection' });
    expect(text(term(panel, 'Two-step sign-in'))).toBe(
      'OnPasskey, since 20/11/2026, 08:30 UTC9 recovery codes left',
    );
    const passkeys = within(term(panel, 'Passkeys')).getAllByRole('listitem');
    expect(passkeys.map(text)).toEqual([
      'Pixel 9Added 19/11/2026, 10:00 UTC · Last used 21/11/2026, 09:00 UTC',
      'Work laptopAdded 20/11/2026, 08:00 UTC · Never used',
    ]);
    expect(term(panel, 'Remembered browsers').textContent).toBe('2 browsers skip the second step');
    // The panel comes first, the sign-ins after it.
    const table = screen.getByRole('table', { name: 'Sign-ins' });
    expect(panel.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(table).getByText('Firefox on Linux')).toBeTruthy();
  });

  it('says two-step sign-in is off and there is no passkey, even before any sign-in', async () => {
    customerApi(MANAGER);
    renderRoute('/admin/customers/31/sessions');
    const panel = await screen.findByRole('region', { name: 'Sign-in protection' });
    expect(text(term(panel, 'Two-step sign-in'))).toBe('Off');
    expect(term(panel, 'Passkeys').textContent).toBe('No passkeys.');
    expect(within(panel).queryByRole('list')).toBeNull();
    expect(term(panel, 'Remembered browsers').textContent).toBe('None');
    expect(screen.getByText('The customer has not signed in yet.')).toBeTruthy();
  });

  it('names an authenticator app and one remembered browser', async () => {
    customerApi(MANAGER, {
      [`${CUSTOMER_PATH}/sessions`]: () => ({
        status: 200,
        body: sessionList({
          protection: {
            twoStep: {
              method: 'authenticator',
              enabledAt: '2026-11-20T08:30:00.000Z',
              recoveryCodesLeft: 1,
            },
            passkeys: [],
            trustedBrowsers: 1,
          },
        }),
      }),
    });
    renderRoute('/admin/customers/31/sessions');
    const panel = await screen.findByRole('region', { name: 'Sign-in protection' });
    expect(text(term(panel, 'Two-step sign-in'))).toMatch(
      /^OnAuthenticator app, since .*1 recovery code left$/,
    );
    expect(term(panel, 'Remembered browsers').textContent).toBe('1 browser skips the second step');
  });
});
