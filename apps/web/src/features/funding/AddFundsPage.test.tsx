import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../test-utils';
import { availability, fundingAnswers } from './testing';

afterEach(() => {
  cleanup();
  document.title = '';
  vi.unstubAllGlobals();
});

const methods = () => screen.findByRole('region', { name: 'Deposit methods' });

/** Each method's row: its name and the line under it, and where it links (null: not a link). */
async function rows() {
  const list = await methods();
  await within(list).findAllByRole('listitem');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({
      text: item.textContent,
      href: item.querySelector('a')?.getAttribute('href') ?? null,
    }));
}

describe('Add funds', () => {
  it('lists every method; only Institutional Transfer and Crypto Deposit are links', async () => {
    mockFetch(fundingAnswers());
    renderRoute('/dashboard/add-funds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add funds' })).toBeTruthy();
    expect(await rows()).toEqual([
      { text: 'Bank TransferNot available for your region', href: null },
      { text: 'Card depositNot available for your region', href: null },
      { text: 'Cash depositNot available for your region', href: null },
      {
        text: 'Institutional TransferReceive cash from limited institutes',
        href: '/dashboard/add-funds/it',
      },
      {
        text: 'Crypto DepositMake payments swiftly with crypto currency',
        href: '/dashboard/add-funds/crypto',
      },
    ]);
  });

  it('follows the operator: a method switched on for the region links, one switched off does not', async () => {
    const answer = fundingAnswers();
    const available = { ...availability(['crypto_deposit']), funding_card: true };
    mockFetch((path) =>
      path === '/api/v1/availability' ? { status: 200, body: { available } } : answer(path),
    );
    renderRoute('/dashboard/add-funds');
    const found = await rows();
    expect(found.find((r) => r.text?.startsWith('Crypto Deposit'))).toEqual({
      text: 'Crypto DepositNot available for your region',
      href: null,
    });
    // A card deposit has nowhere to go yet, so it stays a plain row even when switched on.
    expect(found.find((r) => r.text?.startsWith('Card deposit'))?.href).toBeNull();
    expect(found.find((r) => r.text?.startsWith('Institutional'))?.href).toBe(
      '/dashboard/add-funds/it',
    );
  });

  it('says "Not available for your region" instead of the crypto form where it is switched off', async () => {
    const answer = fundingAnswers();
    mockFetch((path) =>
      path === '/api/v1/availability'
        ? { status: 200, body: { available: availability(['crypto_deposit']) } }
        : answer(path),
    );
    renderRoute('/dashboard/add-funds/crypto');
    expect(await screen.findByText('Not available for your region')).toBeTruthy();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Deposit' })).toBeNull();
  });

  it('shows a failed availability answer with Try again', async () => {
    const answer = fundingAnswers();
    let calls = 0;
    mockFetch((path) => {
      if (path !== '/api/v1/availability') return answer(path);
      calls += 1;
      return calls === 1 ? { status: 500 } : answer(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/add-funds');
    const list = await methods();
    expect((await within(list).findByRole('alert')).textContent).toBe('Something went wrong');
    await user.click(within(list).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByRole('link', { name: /Crypto Deposit/ })).toBeTruthy();
  });
});

describe('Your Details (add-funds/it)', () => {
  it('shows each detail with a Copy button, the country by name, and n/a for what is missing', async () => {
    mockFetch(
      fundingAnswers({
        '/api/v1/funding/receive-details': {
          status: 200,
          body: {
            username: null,
            accountNumber: null,
            swiftCode: 'CEDRGB2L',
            routingNumber: '021000021',
            country: 'GB',
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/add-funds/it');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    await screen.findByText('CEDRGB2L');
    expect(value('Your Username')?.textContent).toBe('n/a');
    expect(value('Your Account Number')?.textContent).toBe('n/a');
    expect(value('Swift Code')?.textContent).toBe('CEDRGB2LCopy');
    expect(value('Routing Number')?.textContent).toBe('021000021Copy');
    expect(value('Country')?.textContent).toBe('United KingdomCopy');
    // Nothing to copy where there is nothing.
    expect(screen.queryByRole('button', { name: 'Copy your username' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy swift code' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('CEDRGB2L');
  });

  it('shows n/a for every detail staff have not set', async () => {
    mockFetch(
      fundingAnswers({
        '/api/v1/funding/receive-details': {
          status: 200,
          body: {
            username: 'ada',
            accountNumber: '0123456789',
            swiftCode: null,
            routingNumber: null,
            country: null,
          },
        },
      }),
    );
    renderRoute('/dashboard/add-funds/it');
    await screen.findByText('0123456789');
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Your Username')).toBe('adaCopy');
    expect(value('Swift Code')).toBe('n/a');
    expect(value('Routing Number')).toBe('n/a');
    expect(value('Country')).toBe('n/a');
  });
});

describe('every funding page names the browser tab after itself', () => {
  it.each([
    ['/dashboard/add-funds', 'Add funds'],
    ['/dashboard/add-funds/it', 'Your Details'],
    ['/dashboard/add-funds/crypto', 'Crypto Deposit'],
    ['/dashboard/make-payment', 'Make payment'],
    ['/dashboard/make-payment/crypto', 'Make payment by crypto', 'Make payment'],
    ['/dashboard/fixed-deposit', 'Fixed deposit'],
    ['/dashboard/fixed-deposit/crypto', 'Fixed deposit by crypto', 'Fixed deposit'],
    ['/dashboard/fixed-deposit/balance', 'Fixed deposit from your balance'],
    ['/dashboard/upgrade', 'Upgrade Account'],
  ])('%s', async (path, title, heading = title) => {
    mockFetch(fundingAnswers());
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(`${title} · Cedar Bank`));
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
