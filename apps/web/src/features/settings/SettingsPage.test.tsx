import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, fieldProblem } from '../../test-fixtures';
import { mockFetch, renderRoute, sentBodyTo, type FakeResponse } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHROME = {
  id: '7',
  device: 'Chrome on Windows',
  place: 'This computer',
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  current: true,
};
const FIREFOX = {
  id: '8',
  device: 'Firefox on Linux',
  place: 'United Kingdom',
  signedInAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-20T09:30:00.000Z',
  current: false,
};

function settingsAnswers(override: Record<string, FakeResponse> = {}) {
  let firefoxEnded = false;
  return mockFetch((path) => {
    const answer = override[path];
    if (answer) return answer;
    if (path === '/api/v1/settings/sessions/8/end') {
      firefoxEnded = true;
      return { status: 200, body: { message: 'ok' } };
    }
    if (path === '/api/v1/settings/sessions' && firefoxEnded) {
      return {
        status: 200,
        body: {
          items: [CHROME],
        },
      };
    }
    if (path === '/api/v1/settings/sessions') {
      return {
        status: 200,
        body: {
          items: [CHROME, FIREFOX],
        },
      };
    }
    if (path === '/api/v1/settings/password') return { status: 200, body: { message: 'ok' } };
    if (path === '/api/v1/pin/change') return { status: 200, body: { message: 'ok' } };
    if (path === '/api/v1/pin/reset/start') {
      return { status: 200, body: { email: 'ada@example.com', message: 'sent' } };
    }
    if (path === '/api/v1/settings/email') {
      return { status: 200, body: { email: 'new@example.com' } };
    }
    return bankAnswers()(path);
  });
}

describe('settings', () => {
  it('keeps Save disabled until the new email has the standard pattern, then asks for the code', async () => {
    const fetchMock = settingsAnswers();
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const email = await screen.findByLabelText('New email address');
    const saves = () => screen.getAllByRole('button', { name: 'Save' });
    expect((saves()[0] as HTMLButtonElement).disabled).toBe(true);
    await user.type(email, 'new@example');
    expect((saves()[0] as HTMLButtonElement).disabled).toBe(true);
    await user.type(email, '.com');
    // The account password is asked for too.
    expect((saves()[0] as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Your account password'), 'velvet tram');
    expect((saves()[0] as HTMLButtonElement).disabled).toBe(false);
    await user.click(saves()[0] as HTMLElement);
    expect(await screen.findByText(/We sent a code to/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/settings/email')).toEqual({
      email: 'new@example.com',
      currentPassword: 'velvet tram',
    });
  });

  it('enables the password Save only when all three are filled, and says Password Mismatch', async () => {
    const fetchMock = settingsAnswers();
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.type(await screen.findByLabelText('Current password'), 'old words here ok');
    await user.type(screen.getByLabelText('New password'), 'copper kettle meadow');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(confirm, 'copp');
    const save = () => screen.getAllByRole('button', { name: 'Save' })[1] as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    await user.type(confirm, 'er kettle');
    // Long enough to judge and different: said at once, and Save waits.
    expect(await screen.findByText('Password Mismatch')).toBeTruthy();
    expect(save().disabled).toBe(true);
    await user.type(confirm, ' meadow');
    expect(screen.queryByText('Password Mismatch')).toBeNull();
    expect(save().disabled).toBe(false);
    await user.click(save());
    expect(await screen.findByText(/Your password is changed/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/settings/password')).toMatchObject({
      newPassword: 'copper kettle meadow',
    });
  });

  it('moves the keyboard to the field the server refused', async () => {
    settingsAnswers({
      '/api/v1/settings/password': fieldProblem(
        'body.currentPassword',
        'That is not your current password.',
      ),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.type(await screen.findByLabelText('Current password'), 'not it at all');
    await user.type(screen.getByLabelText('New password'), 'copper kettle meadow');
    await user.type(screen.getByLabelText('Confirm new password'), 'copper kettle meadow');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1] as HTMLElement);
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Current password')),
    );
  });

  it("drops the server's message from a field as soon as the field is changed", async () => {
    settingsAnswers({
      '/api/v1/settings/password': fieldProblem(
        'body.currentPassword',
        'That is not your current password.',
      ),
      '/api/v1/settings/email': fieldProblem('body.email', 'That is already your email address.'),
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'not it at all');
    await user.type(screen.getByLabelText('New password'), 'copper kettle meadow');
    await user.type(screen.getByLabelText('Confirm new password'), 'copper kettle meadow');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[1] as HTMLElement);
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    await user.type(current, '!');
    expect(screen.queryByText('That is not your current password.')).toBeNull();
    expect(current.getAttribute('aria-invalid')).not.toBe('true');
    // No banner takes its place: the field was the whole of the refusal.
    expect(screen.queryByText('Some fields are missing or not valid.')).toBeNull();

    const email = screen.getByLabelText('New email address');
    await user.type(email, 'ada@example.com');
    await user.type(screen.getByLabelText('Your account password'), 'velvet tram');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByText('That is already your email address.')).toBeTruthy();
    await user.type(email, 'x');
    expect(screen.queryByText('That is already your email address.')).toBeNull();
  });

  it('drops a refused PIN change message once a new current PIN is typed', async () => {
    settingsAnswers({
      '/api/v1/pin/change': {
        status: 422,
        body: { status: 422, code: 'UNPROCESSABLE', detail: 'Invalid Pin. 4 tries left.' },
      },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.type(await screen.findByLabelText('Current PIN'), '1234');
    await user.type(screen.getByLabelText('New PIN'), '5873');
    await user.type(screen.getByLabelText('Confirm new PIN'), '5873');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[2] as HTMLElement);
    expect(await screen.findByText('Invalid Pin. 4 tries left.')).toBeTruthy();
    await user.type(screen.getByLabelText('Current PIN'), '1');
    expect(screen.queryByText('Invalid Pin. 4 tries left.')).toBeNull();
  });

  it('lets a forgotten-PIN reset ask for a new code or be cancelled at the code step', async () => {
    const fetchMock = settingsAnswers();
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.click(await screen.findByRole('button', { name: 'Forgot your PIN?' }));
    await user.type(screen.getByLabelText('Account password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    // The password is asked again (never kept), then a second code is sent.
    const password = screen.getByLabelText('Account password') as HTMLInputElement;
    expect(password.value).toBe('');
    await user.type(password, 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByText('ada@example.com');
    expect(
      fetchMock.mock.calls.filter(([path]) => path === '/api/v1/pin/reset/start'),
    ).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Forgot your PIN?' })).toBeTruthy();
  });

  it('enables the PIN Save only for three 4-digit PINs with the new one confirmed', async () => {
    const fetchMock = settingsAnswers();
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await user.type(await screen.findByLabelText('Current PIN'), '1234');
    await user.type(screen.getByLabelText('New PIN'), '5873');
    const save = () => screen.getAllByRole('button', { name: 'Save' })[2] as HTMLButtonElement;
    await user.type(screen.getByLabelText('Confirm new PIN'), '587');
    expect(save().disabled).toBe(true);
    await user.type(screen.getByLabelText('Confirm new PIN'), '9');
    expect(save().disabled).toBe(true);
    await user.clear(screen.getByLabelText('Confirm new PIN'));
    await user.type(screen.getByLabelText('Confirm new PIN'), '5873');
    expect(save().disabled).toBe(false);
    await user.click(save());
    expect(await screen.findByText('Action Successful! Your PIN is changed.')).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/pin/change')).toEqual({
      currentPin: '1234',
      newPin: '5873',
      confirmPin: '5873',
    });
  });

  it('lists the signed-in browsers and signs out another one', async () => {
    const fetchMock = settingsAnswers();
    const user = userEvent.setup();
    renderRoute('/dashboard/settings');
    await screen.findByText('This browser');
    expect(screen.getByText('This browser')).toBeTruthy();
    const signOut = screen
      .getAllByRole('button')
      .find((button) => button.textContent === 'Sign out Firefox on Linux');
    await user.click(signOut as HTMLElement);
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/v1/settings/sessions/8/end')).toBe(
      true,
    );
    // The row's button is gone: the keyboard goes to what was done.
    const said = await screen.findByText('Signed out of Firefox on Linux.');
    expect(document.activeElement).toBe(said.closest('[role="status"]'));
  });
});
