import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, fixedDepositSample } from '../../test-fixtures';
import { mockFetch, renderRoute } from '../../test-utils';

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty = { items: [], nextCursor: null, currency: 'USD' };

function answer(deposits: unknown[]) {
  const bank = bankAnswers({
    '/api/v1/fixed-deposits': { status: 200, body: { items: deposits } },
  });
  return (path: string) => {
    if (path.startsWith('/api/v1/statements/chart')) {
      return { status: 200, body: { currency: 'USD', days: [], months: [] } };
    }
    if (path.startsWith('/api/v1/statements?')) {
      const period = {
        from: null,
        to: null,
        opening: '0',
        closing: '0',
        totalIn: '0',
        totalOut: '0',
      };
      return { status: 200, body: { ...empty, period } };
    }
    return bank(path);
  };
}

describe('Statements & Report: fixed deposits', () => {
  it('lists the fixed deposits held apart from the current account', async () => {
    mockFetch(answer([fixedDepositSample()]));
    renderRoute('/dashboard/statements');
    const section = await screen.findByRole('region', { name: 'Fixed deposits' });
    const item = within(section).getByRole('listitem', { name: 'Twelve months fixed deposit' });
    expect(within(item).getByText('Principal').nextElementSibling?.textContent).toBe('$1,000.00');
    expect(within(item).getByText('Interest so far').nextElementSibling?.textContent).toBe('$1.37');
    expect(within(item).getByText('Active')).toBeTruthy();
  });

  it('shows no such section to a customer who has none', async () => {
    mockFetch(answer([]));
    renderRoute('/dashboard/statements');
    expect(await screen.findByText('No Transaction History')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Fixed deposits' })).toBeNull();
  });
});
