import { PIN_CREATED, PIN_MISMATCH, PIN_TOO_EASY } from '@bank/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers } from '../../test-fixtures';
import { callsTo, mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function withoutPin(extra = {}) {
  let hasPin = false;
  const fetchMock = mockFetch((path, body) => {
    if (path === '/api/v1/pin' && body !== undefined) {
      hasPin = true;
      return { status: 201, body: { message: PIN_CREATED } };
    }
    if (path === '/api/v1/pin') return { status: 200, body: { hasPin, lockedUntil: null } };
    return bankAnswers(extra)(path);
  });
  return fetchMock;
}

describe('PIN creation', () => {
  it('sends a customer without a PIN from the dashboard to create one', async () => {
    withoutPin();
    const router = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/pincreation'));
    expect(
      await screen.findByRole('heading', { name: 'Create your transaction PIN' }),
    ).toBeTruthy();
  });

  it('drops its message as soon as the PIN typed is a good one', async () => {
    withoutPin();
    const user = userEvent.setup();
    renderRoute('/dashboard/pincreation');
    const first = await screen.findByLabelText('Enter PIN');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Invalid Pin')).toBeTruthy();
    await user.type(first, '135');
    expect(screen.getByText('Invalid Pin')).toBeTruthy();
    await user.type(first, '7');
    expect(screen.queryByText('Invalid Pin')).toBeNull();
  });

  it('asks twice; a mismatch starts again with the spec message, a match saves and returns after 3 s', async () => {
    const fetchMock = withoutPin();
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/pincreation');
    const first = await screen.findByLabelText('Enter PIN');
    expect(first.getAttribute('type')).toBe('password');
    expect(first.getAttribute('inputmode')).toBe('numeric');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Invalid Pin')).toBeTruthy();
    await user.type(first, '12ab34');
    expect((first as HTMLInputElement).value).toBe('1234');
    // An easy guess is refused before it is confirmed, and the digits are cleared.
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText(PIN_TOO_EASY)).toBeTruthy();
    expect((screen.getByLabelText('Enter PIN') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Enter PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.type(screen.getByLabelText('Re-enter PIN'), '1358');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText(PIN_MISMATCH)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/v1/pin').filter(([, init]) => init?.method === 'POST')).toEqual(
      [],
    );

    await user.type(screen.getByLabelText('Enter PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(screen.getByLabelText('Re-enter PIN'), '2580');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(PIN_CREATED)).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([path, init]) => path === '/api/v1/pin' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ pin: '2580', confirmPin: '2580' });
    expect(router.state.location.pathname).toBe('/dashboard/pincreation');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
