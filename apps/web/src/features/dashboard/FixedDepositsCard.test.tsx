import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, fixedDepositSample } from '../../test-fixtures';
import { mockFetch, problem, renderRoute, type FakeResponse } from '../../test-utils';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const deposit = fixedDepositSample;

async function openHome(answer: FakeResponse) {
  mockFetch(bankAnswers({ '/api/v1/fixed-deposits': answer }));
  const user = userEvent.setup();
  renderRoute('/dashboard');
  await screen.findByRole('button', { name: /^(Hide|Show) balance$/ });
  return user;
}

const figure = (card: HTMLElement, label: string) =>
  within(card).getAllByText(label)[0]?.nextElementSibling?.textContent;

describe("the home page's fixed deposits", () => {
  it('sums the running deposits and lists them, linking to the fixed-deposit page', async () => {
    await openHome({
      status: 200,
      body: {
        items: [
          deposit({}),
          deposit({ id: '2', planName: 'Six months', principal: '50000', accrued: '63' }),
          deposit({ id: '3', planName: 'Old one', status: 'matured' }),
        ],
      },
    });
    const card = await screen.findByRole('region', { name: 'Fixed deposits' });
    expect(figure(card, 'Put aside')).toBe('$1,500.00');
    expect(figure(card, 'Interest so far')).toBe('$2.00');
    expect(
      within(card).getByRole('listitem', { name: 'Twelve months fixed deposit' }),
    ).toBeTruthy();
    expect(within(card).getByRole('listitem', { name: 'Six months fixed deposit' })).toBeTruthy();
    // A matured deposit has been paid back into the account: not running any more.
    expect(within(card).queryByRole('listitem', { name: 'Old one fixed deposit' })).toBeNull();
    expect(
      within(card).getByRole('link', { name: 'View all fixed deposits' }).getAttribute('href'),
    ).toBe('/dashboard/fixed-deposit');
  });

  it('hides its amounts with the balance', async () => {
    const user = await openHome({ status: 200, body: { items: [deposit({})] } });
    const card = await screen.findByRole('region', { name: 'Fixed deposits' });
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(figure(card, 'Put aside')).toBe('****Hidden');
    expect(within(card).queryByText('$1,000.00')).toBeNull();
    expect(within(card).queryByText('$1.37')).toBeNull();
  });

  it('stays out of the way for a customer without a running deposit', async () => {
    await openHome({ status: 200, body: { items: [] } });
    await screen.findByText('Recent Transactions');
    expect(screen.queryByRole('region', { name: 'Fixed deposits' })).toBeNull();
  });

  it('says when they could not be loaded', async () => {
    await openHome(problem(500, 'INTERNAL', 'Internal Server Error'));
    const card = await screen.findByRole('region', { name: 'Fixed deposits' });
    expect((await within(card).findByRole('alert')).textContent).toBe('Internal Server Error');
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
