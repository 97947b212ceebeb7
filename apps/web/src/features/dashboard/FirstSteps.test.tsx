import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, bankAnswers } from '../../test-fixtures';
import { mockFetch, renderRoute } from '../../test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const newAccount = { ...account, availableBalance: '0', totalCredit: '0', totalDebit: '0' };

describe('the first steps of a new account', () => {
  it('gives the account number to share, with a copy button, and says what another bank needs', async () => {
    const user = userEvent.setup();
    mockFetch(bankAnswers({ '/api/v1/accounts/current': { status: 200, body: newAccount } }));
    renderRoute('/dashboard');
    const steps = await screen.findByRole('region', { name: 'Welcome to your new account' });
    expect(
      within(steps).getByText(
        'To receive money from another Cedar Bank customer, give them your account number: that is all they need.',
      ),
    ).toBeTruthy();
    expect(within(steps).getByText('0123456789')).toBeTruthy();
    await user.click(within(steps).getByRole('button', { name: 'Copy account number to share' }));
    expect(await navigator.clipboard.readText()).toBe('0123456789');
    expect(await within(steps).findByText('Copied to clipboard')).toBeTruthy();
    expect(
      within(steps).getByRole('link', { name: 'the bank’s details' }).getAttribute('href'),
    ).toBe('/dashboard/add-funds/it');
  });

  it('is not shown once money has arrived', async () => {
    mockFetch(bankAnswers());
    renderRoute('/dashboard');
    await screen.findByRole('button', { name: /^(Hide|Show) balance$/ });
    expect(screen.queryByRole('region', { name: 'Welcome to your new account' })).toBeNull();
  });
});
