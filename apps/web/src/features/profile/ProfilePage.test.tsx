import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, profile } from '../../test-fixtures';
import { mockFetch, renderRoute, sentBodyTo } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile page', () => {
  it('shows the details, keeps the next of kin write-only, and saves', async () => {
    const fetchMock = mockFetch((path, body) =>
      path === '/api/v1/profile' && body !== undefined
        ? { status: 200, body: { ...profile, nextOfKinOnFile: true } }
        : bankAnswers({ '/api/v1/profile': { status: 200, body: profile } })(path),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    expect(phone.value).toBe('+44 20 7946 0958');
    expect((screen.getByLabelText(/^Next of kin/) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText(/not shown again once saved/)).toBeTruthy();

    await user.type(screen.getByLabelText(/^Next of kin/), 'Byron, +44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Action Successful!/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, '/api/v1/profile')).toMatchObject({
      firstName: 'Ada',
      country: 'GB',
      gender: 'female',
      nextOfKin: 'Byron, +44 20 7946 0000',
    });
    // Once saved, it is on file and not shown.
    expect(await screen.findByText(/We have your next of kin on file/)).toBeTruthy();
    expect((screen.getByLabelText(/^Next of kin/) as HTMLTextAreaElement).value).toBe('');
  });

  it('asks for the choices still empty before sending anything', async () => {
    const fetchMock = mockFetch(
      bankAnswers({
        '/api/v1/profile': { status: 200, body: { ...profile, gender: null, maritalStatus: null } },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('Choose from the list')).length).toBe(2);
    expect(
      fetchMock.mock.calls.some(
        ([path, init]) => path === '/api/v1/profile' && init?.method === 'POST',
      ),
    ).toBe(false);
  });

  it('shows the verified name and country as read-only, and still sends them', async () => {
    const verified = { ...profile, identityVerified: true };
    const fetchMock = mockFetch((path, body) =>
      path === '/api/v1/profile' && body !== undefined
        ? { status: 200, body: verified }
        : bankAnswers({ '/api/v1/profile': { status: 200, body: verified } })(path),
    );
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
    expect(sentBodyTo(fetchMock, '/api/v1/profile')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
    });
  });
});
