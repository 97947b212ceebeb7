import type { Me } from '@bank/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Gauge, ScrollText, ScanFace, Users } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstAreaOf, menuOf, type StaffArea } from './areas';
import { frontPage, staffRoutes } from './routes';
import { staffMe } from './shared/testing';

afterEach(cleanup);

const page = (text: string) => async () =>
  function Page() {
    return <p>{text}</p>;
  };

/** A back office as it will grow: a front page, a hidden area, groups listed out of order. */
const AREAS: StaffArea[] = [
  {
    path: 'audit',
    label: 'Audit log',
    permission: 'audit.read',
    icon: ScrollText,
    group: 'Administration',
    page: page('The audit log'),
  },
  {
    path: '',
    label: 'Overview',
    permission: 'ledger.trial_balance',
    icon: Gauge,
    page: page('Queue counts and ledger health'),
  },
  {
    path: 'kyc',
    label: 'Identity checks',
    permission: 'kyc.review',
    icon: ScanFace,
    group: 'Queues',
    page: page('The identity checks queue'),
    children: { ':id': page('One identity check') },
  },
  {
    path: 'customers',
    label: 'Customers',
    permission: 'customers.manage',
    icon: Users,
    group: 'Customers & money',
    page: page('Customer search'),
    hidden: true,
    children: { ':id': page('One customer') },
  },
];

function renderAdmin(path: string, me: Me) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <Outlet context={me} />,
        children: [{ index: true, lazy: () => frontPage(AREAS) }, ...staffRoutes(AREAS)],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const labels = (me: Me) =>
  menuOf(me, AREAS).map(({ group, areas }) => [group, areas.map((area) => area.label)]);

describe('the list of staff areas', () => {
  it('makes a menu of what the permissions open: the front page first, then the groups in order', () => {
    expect(labels(staffMe(['audit.read', 'ledger.trial_balance', 'kyc.review']))).toEqual([
      [null, ['Overview']],
      ['Queues', ['Identity checks']],
      ['Administration', ['Audit log']],
    ]);
    expect(labels(staffMe(['kyc.review']))).toEqual([['Queues', ['Identity checks']]]);
    expect(labels(staffMe([]))).toEqual([]);
  });

  it('leaves a hidden area out of the menu, and routes it', async () => {
    const me = staffMe(['customers.manage']);
    expect(labels(me)).toEqual([]);
    renderAdmin('/admin/customers/31', me);
    expect(await screen.findByText('One customer')).toBeTruthy();
  });

  it("routes each area's page and its children, to holders of its permission only", async () => {
    renderAdmin('/admin/kyc/7', staffMe(['kyc.review']));
    expect(await screen.findByText('One identity check')).toBeTruthy();
    cleanup();
    renderAdmin('/admin/kyc', staffMe(['audit.read']));
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(screen.queryByText('The identity checks queue')).toBeNull();
  });

  it('shows the front page at /admin to holders of its permission', async () => {
    renderAdmin('/admin', staffMe(['ledger.trial_balance', 'kyc.review']));
    expect(await screen.findByText('Queue counts and ledger health')).toBeTruthy();
  });

  it('leads everyone else from /admin to the first area of their menu', async () => {
    const me = staffMe(['audit.read', 'kyc.review']);
    expect(firstAreaOf(me, AREAS)?.label).toBe('Identity checks');
    const router = renderAdmin('/admin', me);
    expect(await screen.findByText('The identity checks queue')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/kyc');
  });
});
