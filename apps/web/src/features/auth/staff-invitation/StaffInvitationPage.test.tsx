import { cleanup, screen, within } from '@testing-library/react';
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'Qm9vayBvZiBzdGFmZiBpbnZpdGF0aW9ucyBmb3IgdGV';
const LOOKUP = '/api/v1/auth/staff-invitation';
const ACCEPT = '/api/v1/auth/staff-invitation/accept';
const NOT_VALID = 'This link is not valid or has expired.';
const PREVIEW = {
  email: 'dorothy@bank.example',
  firstName: 'Dorothy',
  lastName: 'Vaughan',
  expiresAt: '2026-11-24T08:00:00.000Z',
};

function invitationApi(answers: Record<string, (body: unknown) => FakeResponse>) {
  return mockFetch(
    signedOut((path, body) => {
      const answer = answers[path];
      return answer ? answer(body) : problem(404, 'NOT_FOUND', `unexpected ${path}`);
    }),
  );
}

describe('the staff invitation page', () => {
  it('lets the invitee choose a password, with the strength meter, then sends them to sign in', async () => {
    const fetchMock = invitationApi({
      [LOOKUP]: () => ({ status: 200, body: PREVIEW }),
      [ACCEPT]: () => ({
        status: 200,
        body: { message: 'Your password is set. Sign in to set up your authenticator app.' },
      }),
    });
    renderRoute(`/auth/staff/invitation/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join the back office' }),
    ).toBeTruthy();
    expect(document.title).toBe('Staff invitation · Cedar Bank');
    expect(await screen.findByText(/Welcome, Dorothy/)).toBeTruthy();
    // The token travels in the body, never in an API address.
    expect(sentBodyTo(fetchMock, LOOKUP)).toEqual({ token: TOKEN });
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('dorothy@bank.example');
    expect(email.readOnly).toBe(true);

    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    await userEvent.type(password, 'lichen harbour gently rowing');
    expect(await screen.findByRole('meter', { name: 'Password strength' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));

    expect(
      await screen.findByText('Your password is set. Sign in to set up your authenticator app.'),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, ACCEPT)).toEqual({
      token: TOKEN,
      password: 'lichen harbour gently rowing',
    });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/signin');
  });

  it('says only that a link is not valid or has expired, whatever is wrong with it', async () => {
    invitationApi({ [LOOKUP]: () => problem(404, 'NOT_FOUND', NOT_VALID) });
    renderRoute(`/auth/staff/invitation/${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    cleanup();

    // A link cut short is not even sent.
    const fetchMock = invitationApi({});
    renderRoute('/auth/staff/invitation/short');
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(callsTo(fetchMock, LOOKUP)).toHaveLength(0);
  });

  it('keeps a refused password on its field, and a link used meanwhile reads as not valid', async () => {
    let accepted = 0;
    invitationApi({
      [LOOKUP]: () => ({ status: 200, body: PREVIEW }),
      [ACCEPT]: () => {
        accepted += 1;
        return accepted === 1
          ? problem(400, 'VALIDATION_FAILED', 'This password is too common.', [
              { path: 'body.password', message: 'This password is too common.' },
            ])
          : problem(404, 'NOT_FOUND', NOT_VALID);
      },
    });
    renderRoute(`/auth/staff/invitation/${TOKEN}`);
    const password = await screen.findByLabelText(/^Password/);
    await userEvent.type(password, 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(password);
    await userEvent.type(password, 'lichen harbour gently rowing');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('checks the password length before sending it', async () => {
    const fetchMock = invitationApi({ [LOOKUP]: () => ({ status: 200, body: PREVIEW }) });
    renderRoute(`/auth/staff/invitation/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    const form = within(
      screen.getByRole('button', { name: 'Set my password' }).closest('form') as HTMLElement,
    );
    expect(await form.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(callsTo(fetchMock, ACCEPT)).toHaveLength(0);
  });
});
