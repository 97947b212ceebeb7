import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, profile } from '../../test-fixtures';
import { callsTo, mockFetch, renderRoute, sentBodyTo } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The profile as the identity check leaves it: no gender, birth date or marital status yet. */
const fromIdentityCheck = { ...profile, gender: null, dateOfBirth: null, maritalStatus: null };

/** Answers a save with `saved`, and every read from the bank's usual answers with `shown`. */
function savingProfile(shown = profile, saved = shown) {
  return mockFetch((path, body) =>
    path === '/api/v1/profile' && body !== undefined
      ? { status: 200, body: saved }
      : bankAnswers({ '/api/v1/profile': { status: 200, body: shown } })(path),
  );
}

const saves = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, '/api/v1/profile').filter(([, init]) => init?.method === 'POST');

describe('profile page', () => {
  it('shows the details, keeps the next of kin write-only, and sends only what changed', async () => {
    const fetchMock = savingProfile(profile, { ...profile, nextOfKinOnFile: true });
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    expect(phone.value).toBe('+44 20 7946 0958');
    expect((screen.getByLabelText(/^Next of kin/) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText(/not shown again once saved/)).toBeTruthy();

    await user.type(screen.getByLabelText(/^Next of kin/), 'Byron, +44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Action Successful!/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/profile')).toEqual({
      nextOfKin: 'Byron, +44 20 7946 0000',
    });
    // Once saved, it is on file and not shown.
    expect(await screen.findByText(/We have your next of kin on file/)).toBeTruthy();
    expect((screen.getByLabelText(/^Next of kin/) as HTMLTextAreaElement).value).toBe('');
  });

  it('changes the phone alone: nothing else is asked for or sent, the number in E.164', async () => {
    const fetchMock = savingProfile(fromIdentityCheck, {
      ...fromIdentityCheck,
      phone: '+447400123456',
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const phone = await screen.findByLabelText(/^Phone/);
    // Gender and marital status are optional, with "Prefer not to say" among the answers.
    expect(screen.getByLabelText(/^Gender/).hasAttribute('required')).toBe(false);
    expect(screen.getByLabelText(/^Marital status/).hasAttribute('required')).toBe(false);
    expect(screen.getAllByRole('option', { name: 'Prefer not to say' })).toHaveLength(2);

    await user.clear(phone);
    await user.type(phone, '07400 123456');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Action Successful!/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/profile')).toEqual({ phone: '+447400123456' });
    expect(screen.queryByText('Choose from the list')).toBeNull();
  });

  it('says what to check in a phone number, and the message goes as soon as the number is right', async () => {
    const fetchMock = savingProfile();
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const phone = await screen.findByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '+44 7400 1234567');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Too many digits for a +44 number: it has 7, 9 or 10 digits after +44, for example +44 7400 123456. Check the country code and the digits.',
      ),
    ).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(saves(fetchMock)).toHaveLength(0);

    // One digit fewer: the number is right, and the message is gone before any new Save.
    await user.type(phone, '{Backspace}');
    expect(screen.queryByText(/^Too many digits/)).toBeNull();
    expect(phone.getAttribute('aria-invalid')).not.toBe('true');
    expect(saves(fetchMock)).toHaveLength(0);
  });

  it('says so when nothing changed, and sends nothing', async () => {
    const fetchMock = savingProfile();
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Change at least one detail to save.')).toBeTruthy();
    expect(saves(fetchMock)).toHaveLength(0);
  });

  it('clears a field the server refused as soon as it is changed', async () => {
    mockFetch((path, body) =>
      path === '/api/v1/profile' && body !== undefined
        ? {
            status: 400,
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              code: 'VALIDATION_FAILED',
              detail: 'Enter your home address',
              errors: [{ path: 'body.homeAddress', message: 'Too close to an address we refuse' }],
            },
          }
        : bankAnswers({ '/api/v1/profile': { status: 200, body: profile } })(path),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const address = await screen.findByLabelText(/^Home address/);
    await user.type(address, ', Flat 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Too close to an address we refuse')).toBeTruthy();
    await user.type(address, 'A');
    expect(screen.queryByText('Too close to an address we refuse')).toBeNull();
  });

  it('shows the verified name and country as read-only, and never sends them', async () => {
    const verified = { ...profile, identityVerified: true };
    const fetchMock = savingProfile(verified);
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const first = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    expect(first.readOnly).toBe(true);
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).readOnly).toBe(true);
    const country = screen.getByLabelText(/^Country/) as HTMLInputElement;
    expect(country.readOnly).toBe(true);
    expect(country.value).toBe('United Kingdom');
    expect(screen.getAllByText(/contact Help & Support/)).toHaveLength(3);
    await user.type(screen.getByLabelText(/^Home address/), ', Flat 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Action Successful!/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/profile')).toEqual({
      homeAddress: '12 St James Square, London, Flat 2',
    });
  });
});
