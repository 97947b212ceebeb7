import type { CryptoType } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MANAGER = staffMe(['catalog.manage']);
const LIST = '/api/v1/staff/catalog/crypto-types';
const RATE = `${LIST}/1/rate`;

const bitcoin: CryptoType = {
  id: '1',
  name: 'Bitcoin',
  active: true,
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  network: null,
  address2: null,
  rate: null,
  currency: 'USD',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

/** The crypto types API with one type whose rate the calls set and take away. */
function rateApi() {
  let entry = bitcoin;
  const sent: { method: string; body: unknown }[] = [];
  mockFetch((path, body) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: MANAGER } };
    if (path === LIST) return { status: 200, body: { items: [entry] } };
    if (path === '/api/v1/staff/catalog/pending') return { status: 200, body: { items: [] } };
    if (path === RATE) {
      const method = body === undefined ? 'DELETE' : 'PUT';
      sent.push({ method, body });
      const input = body as { perCoin: string; symbol: string; decimals: number } | undefined;
      entry = {
        ...entry,
        rate: input
          ? {
              perCoin: input.perCoin.replace(/,/g, ''),
              symbol: input.symbol.toUpperCase(),
              decimals: input.decimals,
              setAt: '2026-11-20T09:30:00.000Z',
            }
          : null,
      };
      return { status: 200, body: entry };
    }
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
  return sent;
}

describe('a crypto type rate (staff)', () => {
  it('is set by one person at once, shown with its time, and removed', async () => {
    const sent = rateApi();
    const user = userEvent.setup();
    renderRoute('/admin/catalog/crypto-types');
    expect(await screen.findByText('No rate: customers see no coin amount.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set rate of Bitcoin' }));
    const form = screen.getByRole('form', { name: 'Rate of Bitcoin' });
    const price = within(form).getByLabelText(/^Price of one coin \(USD\)/);
    expect(document.activeElement).toBe(price);
    // Checked by the contract's schema before anything is sent.
    await user.type(price, '0');
    await user.type(within(form).getByLabelText(/^Ticker/), 'btc');
    await user.type(within(form).getByLabelText(/^Decimals/), '8');
    await user.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect(within(form).getByText('The price of one coin must be more than zero')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '65,000.50');
    await user.click(within(form).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: { perCoin: '65,000.50', symbol: 'btc', decimals: 8 },
    });
    expect(
      await screen.findByText('The rate of Bitcoin is saved: customers see it now.'),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'Rate: 1 BTC = $65,000.50, sent with 8 decimals; set 20/11/2026, 09:30 UTC',
      ),
    ).toBeTruthy();
    // The focus is back on the button that opened the form.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Change rate of Bitcoin' }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove rate of Bitcoin' }));
    expect(await screen.findByText('No rate: customers see no coin amount.')).toBeTruthy();
    expect(sent.at(-1)?.method).toBe('DELETE');
  });
});
