import type { Passkey } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, fieldProblem } from '../../test-fixtures';
import { callsTo, mockFetch, renderRoute, sentBodyTo, type FakeResponse } from '../../test-utils';
import {
  fakeWebAuthn,
  promptClosed,
  REGISTRATION_OPTIONS,
  removeWebAuthn,
} from '../../test-webauthn';

afterEach(() => {
  cleanup();
  removeWebAuthn();
  vi.unstubAllGlobals();
});

const LIST = '/api/v1/passkeys';
const MAC: Passkey = {
  id: 'p1',
  name: 'Chrome on Mac',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-22T15:04:00.000Z',
};
const PHONE: Passkey = {
  id: 'p2',
  name: 'Safari on iPhone',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: null,
};

/** The bank with these passkeys kept; the answers of `steps` by path, given the body sent. */
function passkeyBank(kept: Passkey[], steps: Record<string, (body: unknown) => FakeResponse> = {}) {
  let items = kept;
  const answers = bankAnswers();
  return mockFetch((path, body) => {
    const step = steps[path];
    // The list's own address answers its GET (no body) with what is kept.
    if (step && (path !== LIST || body !== undefined)) {
      const answer = step(body);
      if (answer.status < 300 && path === LIST) {
        items = [...items, answer.body as Passkey];
      } else if (answer.status < 300 && path.endsWith('/remove')) {
        items = items.filter((p) => !path.includes(`/${p.id}/`));
      } else if (answer.status < 300 && path.endsWith('/name')) {
        const renamed = answer.body as Passkey;
        items = items.map((p) => (p.id === renamed.id ? renamed : p));
      }
      return answer;
    }
    if (path === LIST) return { status: 200, body: { items } };
    return answers(path);
  });
}

const section = async () => {
  const heading = await screen.findByRole('heading', { name: 'Passkeys' });
  return within(heading.closest('section') as HTMLElement);
};

describe('Settings: passkeys', () => {
  it('lists each passkey with when it was added and last used, "Never used" if not yet', async () => {
    fakeWebAuthn();
    passkeyBank([MAC, PHONE]);
    renderRoute('/dashboard/settings');
    const passkeys = await section();
    const rows = within(await passkeys.findByRole('list', { name: 'Your passkeys' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Chrome on Mac'),
      expect.stringContaining('Safari on iPhone'),
    ]);
    expect(rows[0]?.textContent).toContain('Added 20/11/2026');
    expect(rows[0]?.textContent).toMatch(/last used 22\/11\/2026/);
    expect(rows[1]?.textContent).toContain('Never used');
    expect(passkeys.getByRole('button', { name: 'Rename Safari on iPhone' })).toBeTruthy();
    expect(passkeys.getByRole('button', { name: 'Remove Safari on iPhone' })).toBeTruthy();
  });

  it('explains what a passkey is when there is none, and adds one under the name given', async () => {
    const browser = fakeWebAuthn();
    const fetchMock = passkeyBank([], {
      [`${LIST}/options`]: () => ({ status: 200, body: REGISTRATION_OPTIONS }),
      [LIST]: (body) => ({
        status: 201,
        body: { ...PHONE, id: 'p3', name: (body as { name: string }).name },
      }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const passkeys = await section();
    expect(await passkeys.findByText('No passkeys yet')).toBeTruthy();
    expect(passkeys.getByText(/A passkey is a key that stays on your phone/)).toBeTruthy();

    await user.click(passkeys.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Passkey name') as HTMLInputElement;
    // A name is suggested from the browser; the person may change it.
    expect(name.value).not.toBe('');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Give the passkey a name')).toBeTruthy();
    // The account password is asked too: a session alone does not add a passkey.
    expect(within(dialog).getByText('Enter your password')).toBeTruthy();
    expect(callsTo(fetchMock, `${LIST}/options`)).toHaveLength(0);
    await user.type(name, 'Work laptop');
    await user.type(within(dialog).getByLabelText('Your account password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/Passkey “Work laptop” added/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(browser.create).toHaveBeenCalledTimes(1);
    const sent = sentBodyTo(fetchMock, LIST) as { name: string; response: { type: string } };
    expect(sent.name).toBe('Work laptop');
    expect(sent.response.type).toBe('public-key');
    expect(sentBodyTo(fetchMock, `${LIST}/options`)).toEqual({ currentPassword: 'my password' });
    // The list is read again and shows it.
    expect(await passkeys.findByText('Work laptop')).toBeTruthy();
  });

  it('says calmly that nothing was added when the browser prompt is closed, and lets them try again', async () => {
    const browser = fakeWebAuthn();
    browser.create.mockRejectedValueOnce(promptClosed());
    const fetchMock = passkeyBank([], {
      [`${LIST}/options`]: () => ({ status: 200, body: REGISTRATION_OPTIONS }),
      [LIST]: () => ({ status: 201, body: { ...PHONE, id: 'p3', name: 'Work laptop' } }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.click(await (await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Your account password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/No passkey was used/)).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, LIST).filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/added\. You can use it/)).toBeTruthy();
  });

  it('says a wrong password on its field and takes the keyboard back there', async () => {
    const browser = fakeWebAuthn();
    const fetchMock = passkeyBank([], {
      [`${LIST}/options`]: (body) =>
        (body as { currentPassword: string }).currentPassword === 'my password'
          ? { status: 200, body: REGISTRATION_OPTIONS }
          : fieldProblem('body.currentPassword', 'That is not your current password.'),
      [LIST]: () => ({ status: 201, body: { ...PHONE, id: 'p3', name: 'Work laptop' } }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.click(await (await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const password = within(dialog).getByLabelText<HTMLInputElement>('Your account password');
    await user.type(password, 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByText('That is not your current password.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const described = (password.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'That is not your current password.',
    );
    expect(browser.create).not.toHaveBeenCalled();

    await user.type(password, 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Passkey “Work laptop” added/)).toBeTruthy();
    expect(callsTo(fetchMock, `${LIST}/options`)).toHaveLength(2);
  });

  it('says the server’s refusal, e.g. ten passkeys already', async () => {
    fakeWebAuthn();
    passkeyBank([MAC], {
      [`${LIST}/options`]: () => ({
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          detail: 'You have 10 passkeys, the most you can keep.',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.click(await (await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Your account password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have 10 passkeys, the most you can keep.',
    );
  });

  it('renames a passkey', async () => {
    fakeWebAuthn();
    const fetchMock = passkeyBank([MAC], {
      [`${LIST}/p1/name`]: (body) => ({
        status: 200,
        body: { ...MAC, name: (body as { name: string }).name },
      }),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.click(
      await (await section()).findByRole('button', { name: 'Rename Chrome on Mac' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText('Passkey name');
    await user.clear(name);
    await user.type(name, 'Home Mac');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Passkey renamed to “Home Mac”.')).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${LIST}/p1/name`)).toEqual({ name: 'Home Mac' });
  });

  it('removes a passkey only with the account password, saying a wrong one on the field', async () => {
    fakeWebAuthn();
    const fetchMock = passkeyBank([MAC, PHONE], {
      [`${LIST}/p1/remove`]: (body) =>
        (body as { currentPassword: string }).currentPassword === 'correct horse'
          ? { status: 200, body: { message: 'The passkey was removed.' } }
          : fieldProblem('body.currentPassword', 'That is not your current password.'),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const passkeys = await section();
    await user.click(await passkeys.findByRole('button', { name: 'Remove Chrome on Mac' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    const password = within(dialog).getByLabelText('Your account password');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(within(dialog).getByText('Enter your password')).toBeTruthy();
    expect(callsTo(fetchMock, `${LIST}/p1/remove`)).toHaveLength(0);

    await user.type(password, 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findByText('That is not your current password.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.type(password, 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    const said = await screen.findByText('Passkey “Chrome on Mac” removed.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(passkeys.queryByText('Chrome on Mac')).toBeNull();
    expect(passkeys.getByText('Safari on iPhone')).toBeTruthy();
    // The pressed button went with its row: the keyboard goes to what was done.
    await waitFor(() => expect(document.activeElement).toBe(said.closest('[role="status"]')));
  });

  it('cancelling a removal removes nothing', async () => {
    fakeWebAuthn();
    const fetchMock = passkeyBank([MAC]);
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.click(
      await (await section()).findByRole('button', { name: 'Remove Chrome on Mac' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, `${LIST}/p1/remove`)).toHaveLength(0);
    expect(screen.getByText('Chrome on Mac')).toBeTruthy();
  });

  it('explains instead of offering to add one where the browser cannot use passkeys', async () => {
    passkeyBank([]);
    renderRoute('/dashboard/settings');
    const passkeys = await section();
    expect(await passkeys.findByText('This browser cannot use passkeys.')).toBeTruthy();
    expect(passkeys.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
