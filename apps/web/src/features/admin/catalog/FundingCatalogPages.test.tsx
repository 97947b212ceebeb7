import type {
  AccountPlan,
  CryptoType,
  FixedDepositPlan,
  PendingCatalogChange,
} from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { fieldProblem } from '../../../test-fixtures';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MANAGER = staffMe(['catalog.manage']);

const CATALOG = '/api/v1/staff/catalog';
const WHEN = '2026-11-01T09:00:00.000Z';
const ADDRESS = 'TQ5NsmZqVQmhXBJAKG5wDwyX1xr9o3Ph6y';
const TAKEN = 'That name is already in the catalog.';

type Entry = { id: string; name: string; active: boolean };
type Sent = { method: string; path: string; body: unknown };

/** Which changes wait for a second person (decision 21), as the server decides. */
interface TwoPerson {
  /** Fields an edit may change alone at once (a plan's name). */
  harmless: string[];
  /** Whether retiring and offering again wait too (a crypto type's). */
  offering: boolean;
}

/**
 * A fake catalog API holding `items` under `section`, changed by the calls as the server would
 * (names unique in any case, the default plan never retired). With `twoPerson`, a change that
 * waits for a second person is answered 202 and listed under pending, the entry unchanged.
 * `answers` override by method and path ("PUT /api/..."); every call is recorded in `sent`.
 */
function catalogApi<T extends Entry>(
  section: string,
  items: T[],
  answers: Record<string, (body: unknown) => FakeResponse> = {},
  /** What the server adds to a new entry besides its input (a plan's currency). */
  extra: Record<string, unknown> = {},
  twoPerson?: TwoPerson,
) {
  const sent: Sent[] = [];
  const pending: PendingCatalogChange[] = [];
  const base = `${CATALOG}/${section}`;
  const propose = (
    action: PendingCatalogChange['action'],
    name: string,
    entryId: string | null,
  ) => {
    const approvalId = String(40 + pending.length + 1);
    pending.push({
      approvalId,
      section: section as PendingCatalogChange['section'],
      entryId,
      action,
      summary: `${action} ${name}`,
      details: [{ label: 'Change', value: `${action} ${name}` }],
      proposedBy: 'Ada Lovelace',
      proposedAt: WHEN,
      expiresAt: WHEN,
      mine: true,
    });
    return { status: 202, body: { approvalId, message: 'Sent for approval' } };
  };
  const answer = (method: string, path: string, body: unknown): FakeResponse => {
    const custom = answers[`${method} ${path}`];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: MANAGER } };
    if (path === `${CATALOG}/pending`) return { status: 200, body: { items: pending } };
    if (path === base && method === 'GET') return { status: 200, body: { items } };
    const taken = (name: string, id?: string) =>
      items.some((i) => i.id !== id && i.name.toLowerCase() === name.toLowerCase());
    const conflict = problem(409, 'CONFLICT', TAKEN, [{ path: 'body.name', message: TAKEN }]);
    if (path === base && method === 'POST') {
      const input = body as { name: string };
      if (taken(input.name)) return conflict;
      if (twoPerson) return propose('add', input.name, null);
      const added = {
        ...input,
        ...extra,
        id: String(items.length + 1),
        active: true,
        createdAt: WHEN,
        updatedAt: WHEN,
      } as unknown as T;
      items.push(added);
      return { status: 201, body: added };
    }
    const match = new RegExp(`^${base}/(\\d+)(?:/(retire|restore))?$`).exec(path);
    const index = items.findIndex((i) => i.id === match?.[1]);
    const item = items[index];
    if (!match || !item) return problem(404, 'NOT_FOUND', 'No such entry');
    if (method === 'PUT') {
      const input = body as { name: string };
      if (taken(input.name, item.id)) return conflict;
      const changed = Object.entries(input).filter(
        ([key, value]) => (item as Record<string, unknown>)[key] !== value,
      );
      if (twoPerson && changed.some(([key]) => !twoPerson.harmless.includes(key))) {
        return propose('edit', item.name, item.id);
      }
      items[index] = { ...item, ...input };
    } else {
      if (twoPerson?.offering) {
        return propose(match[2] === 'restore' ? 'restore' : 'retire', item.name, item.id);
      }
      items[index] = { ...item, active: match[2] === 'restore' };
    }
    return { status: 200, body: items[index] };
  };
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    const { status, body: reply } = answer(method, path, body);
    return new Response(reply === undefined ? null : JSON.stringify(reply), {
      status,
      headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  return { sent, items };
}

/** The row (list item) of the entry called `name`. */
function row(name: string): HTMLElement {
  const catalog = screen.getByRole('region', { name: 'Catalog' });
  const item = within(catalog).getByText(name, { selector: 'li span' }).closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return item;
}

/** The "waiting for a second person" box inside `within`, and its link's address. */
function waitingIn(container: HTMLElement) {
  const heading = within(container).getByRole('heading', {
    name: 'Change waiting for a second person',
  });
  const box = heading.closest('section') as HTMLElement;
  const link = within(box).getByRole('link', { name: /^Open the proposal/ });
  return { box, href: link.getAttribute('href') };
}

const CRYPTO: TwoPerson = { harmless: [], offering: true };
const PLANS: TwoPerson = { harmless: ['name'], offering: false };

async function renderPage(path: string, addHeading: string) {
  renderRoute(path);
  const catalog = await screen.findByRole('region', { name: 'Catalog' });
  await waitFor(() => expect(within(catalog).queryByText(/^Loading/)).toBeNull());
  return { catalog, form: screen.getByRole('region', { name: addHeading }) };
}

function cryptoType(id: string, name: string, overrides: Partial<CryptoType> = {}): CryptoType {
  return {
    id,
    name,
    active: true,
    address: ADDRESS,
    network: null,
    address2: null,
    rate: null,
    currency: 'USD',
    createdAt: WHEN,
    updatedAt: WHEN,
    ...overrides,
  };
}

describe('crypto types (staff)', () => {
  const PAGE = '/admin/catalog/crypto-types';
  const LIST = `${CATALOG}/crypto-types`;
  const starting = () => [
    cryptoType('1', 'Tether', { network: 'TRC-20' }),
    cryptoType('2', 'Dogecoin', { active: false, address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' }),
  ];

  it('lists each type with its address, network and state, and what each allows', async () => {
    catalogApi('crypto-types', starting());
    await renderPage(PAGE, 'Add a crypto type');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Crypto types');
    const tether = row('Tether');
    expect(tether.textContent).toContain(ADDRESS);
    expect(tether.textContent).toContain('TRC-20');
    expect(within(tether).getByText('Offered')).toBeTruthy();
    expect(within(row('Dogecoin')).getByText('Retired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Tether' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retire Tether' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore Dogecoin' })).toBeTruthy();
  });

  it('sends a new type for approval, empties the form, and shows it waiting', async () => {
    const { sent } = catalogApi('crypto-types', starting(), {}, {}, CRYPTO);
    const { form } = await renderPage(PAGE, 'Add a crypto type');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Name/), 'Bitcoin');
    await user.type(
      within(form).getByLabelText(/^Deposit address/),
      ' bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq ',
    );
    await user.type(within(form).getByLabelText(/^Network label/), 'Bitcoin network');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe(
        'Sent for approval: Bitcoin is offered to customers once another staff member approves it.',
      ),
    );
    expect(sent).toEqual([
      {
        method: 'POST',
        path: LIST,
        body: {
          name: 'Bitcoin',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          network: 'Bitcoin network',
          address2: null,
        },
      },
    ]);
    const name = within(form).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('');
    expect(document.activeElement).toBe(name);
    // Not in the catalog until approved: it waits above the form, with its proposal's link.
    expect(await waitFor(() => waitingIn(form).href)).toBe('/admin/approvals/41');
    expect(within(waitingIn(form).box).getByText('add Bitcoin')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Catalog' })).queryByText('Bitcoin'),
    ).toBeNull();
  });

  it("checks the address before sending it, and puts the server's refusal on its field", async () => {
    const { sent } = catalogApi('crypto-types', starting());
    const { form } = await renderPage(PAGE, 'Add a crypto type');
    const user = userEvent.setup();
    const name = within(form).getByLabelText(/^Name/);
    const address = within(form).getByLabelText(/^Deposit address/);
    await user.type(name, 'Bitcoin');
    await user.type(address, 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText('Paste the address: 10 to 200 letters and digits'),
    ).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(address);
    expect(sent).toEqual([]);

    // A name taken in another case: the server says so, on the name, which takes the focus.
    await user.clear(name);
    await user.type(name, 'TETHER');
    await user.clear(address);
    await user.type(address, ADDRESS);
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(TAKEN)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('edits a type in place and sends the change for approval: the row keeps its address', async () => {
    const { sent } = catalogApi('crypto-types', starting(), {}, {}, CRYPTO);
    await renderPage(PAGE, 'Add a crypto type');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Tether' }));
    const form = screen.getByRole('form', { name: 'Edit Tether' });
    const name = within(form).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Tether');
    expect(document.activeElement).toBe(name);
    expect((within(form).getByLabelText(/^Network label/) as HTMLInputElement).value).toBe(
      'TRC-20',
    );
    const address = within(form).getByLabelText(/^Deposit address/);
    await user.clear(address);
    await user.type(address, 'TNewAddressForTether0000000001');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Catalog' }).textContent).toContain(
        'Sent for approval: Tether changes for customers once another staff member approves it.',
      ),
    );
    expect(screen.getByRole('region', { name: 'Catalog' }).textContent).not.toContain('is saved');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: `${LIST}/1`,
        body: {
          name: 'Tether',
          address: 'TNewAddressForTether0000000001',
          network: 'TRC-20',
          address2: null,
        },
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Edit Tether' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Tether' }));
    // Customers keep the address they had: the row says so, with the change waiting under it.
    expect(await waitFor(() => waitingIn(row('Tether')).href)).toBe('/admin/approvals/41');
    expect(row('Tether').textContent).toContain(ADDRESS);
    expect(within(row('Tether')).getByText(/Proposed by you/)).toBeTruthy();
    expect(
      within(row('Tether')).getByRole('heading', {
        name: 'Change waiting for a second person',
        level: 3,
      }),
    ).toBeTruthy();
  });

  it('says why an edit was refused when it is about no field, and cancels back to the row', async () => {
    catalogApi('crypto-types', starting(), {
      [`PUT ${LIST}/1`]: () => problem(404, 'NOT_FOUND', 'No such crypto type'),
    });
    await renderPage(PAGE, 'Add a crypto type');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Tether' }));
    const form = screen.getByRole('form', { name: 'Edit Tether' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('No such crypto type');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Tether' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Tether' }));
    // Escape leaves an edit too, nothing sent.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('form', { name: 'Edit Tether' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Tether' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Tether' }));
  });

  it('sends retiring a type for approval: it stays offered until then', async () => {
    const { sent } = catalogApi('crypto-types', starting(), {}, {}, CRYPTO);
    const { catalog } = await renderPage(PAGE, 'Add a crypto type');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retire Tether' }));
    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe(
        'Sent for approval: Tether changes for customers once another staff member approves it.',
      ),
    );
    expect(await waitFor(() => waitingIn(row('Tether')).href)).toBe('/admin/approvals/41');
    expect(within(row('Tether')).getByText('Offered')).toBeTruthy();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([`POST ${LIST}/1/retire`]);
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    catalogApi('crypto-types', [], {
      [`GET ${LIST}`]: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: { items: [] } },
    });
    renderRoute(PAGE);
    const catalog = await screen.findByRole('region', { name: 'Catalog' });
    expect((await within(catalog).findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(within(catalog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(catalog).findByText('Nothing yet: add the first crypto type below.'),
    ).toBeTruthy();
  });
});

describe('fixed-deposit plans (staff)', () => {
  const PAGE = '/admin/catalog/fixed-deposit-plans';
  const LIST = `${CATALOG}/fixed-deposit-plans`;
  const plan = (overrides: Partial<FixedDepositPlan> = {}): FixedDepositPlan => ({
    id: '1',
    name: 'Six months',
    active: true,
    termCount: 6,
    termUnit: 'months',
    annualRateBp: 525,
    minAmount: '150000',
    maxAmount: null,
    currency: 'USD',
    createdAt: WHEN,
    updatedAt: WHEN,
    ...overrides,
  });

  it('shows the terms as money and percents', async () => {
    catalogApi('fixed-deposit-plans', [
      plan(),
      plan({ id: '2', name: 'One day', termCount: 1, termUnit: 'days', maxAmount: '1000000' }),
    ]);
    await renderPage(PAGE, 'Add a plan');
    expect(row('Six months').textContent).toContain(
      '6 months at 5.25\u00a0% a year, $1,500.00 or more',
    );
    expect(row('One day').textContent).toContain(
      '1 day at 5.25\u00a0% a year, $1,500.00 to $10,000.00',
    );
  });

  it('sends the amounts as minor units and the rate as basis points', async () => {
    const { sent } = catalogApi('fixed-deposit-plans', [], {}, { currency: 'USD' }, PLANS);
    const { form } = await renderPage(PAGE, 'Add a plan');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Name/), 'Twelve months');
    await user.type(within(form).getByLabelText(/^Term\b(?! unit)/), '12');
    await user.selectOptions(within(form).getByLabelText(/^Term unit/), 'months');
    await user.type(within(form).getByLabelText(/^Annual rate/), '5.25');
    await user.type(within(form).getByLabelText(/^Minimum amount/), '1,500.00');
    await user.type(within(form).getByLabelText(/^Maximum amount/), '25000.5');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe(
        'Sent for approval: Twelve months is offered to customers once another staff member approves it.',
      ),
    );
    expect(sent.at(-1)?.body).toEqual({
      name: 'Twelve months',
      termCount: 12,
      termUnit: 'months',
      annualRateBp: 525,
      minAmount: '150000',
      maxAmount: '2500050',
    });
    expect(await waitFor(() => waitingIn(form).href)).toBe('/admin/approvals/41');
  });

  it('refuses a rate of 0 % and a maximum below the minimum before sending, on the fields', async () => {
    const { sent } = catalogApi('fixed-deposit-plans', []);
    const { form } = await renderPage(PAGE, 'Add a plan');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Name/), 'Bad plan');
    await user.type(within(form).getByLabelText(/^Term\b(?! unit)/), '12');
    const rate = within(form).getByLabelText(/^Annual rate/);
    await user.type(rate, '0');
    await user.type(within(form).getByLabelText(/^Minimum amount/), '500');
    const max = within(form).getByLabelText(/^Maximum amount/);
    await user.type(max, '100');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await within(form).findByText('The rate must be more than 0 %')).toBeTruthy();
    expect(within(form).getByText('The largest amount is below the smallest')).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(rate);
    expect(sent).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '5.255');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText('Enter a percent with at most two decimals, such as 5.25'),
    ).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("puts the server's refusal of an amount on that field", async () => {
    const { sent } = catalogApi('fixed-deposit-plans', [plan()], {
      [`PUT ${LIST}/1`]: () => fieldProblem('body.minAmount', 'That amount is too large'),
    });
    await renderPage(PAGE, 'Add a plan');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Six months' }));
    const form = screen.getByRole('form', { name: 'Edit Six months' });
    const min = within(form).getByLabelText(/^Minimum amount/) as HTMLInputElement;
    // The plan as staff typed it: decimals and a percent.
    expect(min.value).toBe('1500.00');
    expect((within(form).getByLabelText(/^Annual rate/) as HTMLInputElement).value).toBe('5.25');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('That amount is too large')).toBeTruthy();
    expect(min.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(min));
    expect(sent.at(-1)?.body).toMatchObject({ minAmount: '150000', annualRateBp: 525 });
  });
});

describe('account plans (staff)', () => {
  const plan = (overrides: Partial<AccountPlan> = {}): AccountPlan => ({
    id: '1',
    name: 'Basic',
    active: true,
    serviceChargeBp: 1000,
    dailyTransferLimit: '1000000',
    stepUpThreshold: '100000',
    price: '0',
    isDefault: true,
    currency: 'EUR',
    createdAt: WHEN,
    updatedAt: WHEN,
    ...overrides,
  });

  it('shows the terms in the bank currency, and never offers to retire the default plan', async () => {
    catalogApi('account-plans', [
      plan(),
      plan({ id: '2', name: 'Gold', serviceChargeBp: 250, price: '2000050', isDefault: false }),
    ]);
    await renderPage('/admin/catalog/account-plans', 'Add a plan');
    const basic = row('Basic');
    expect(basic.textContent).toContain(
      'Charge 10\u00a0%, limit €10,000.00 a day, code from €1,000.00',
    );
    expect(within(basic).getByText('Default')).toBeTruthy();
    expect(within(basic).getByText('Always offered: every customer starts on it')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retire Basic' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Basic' })).toBeTruthy();
    expect(row('Gold').textContent).toContain('Charge 2.5\u00a0%');
    expect(row('Gold').textContent).toContain('price €20,000.50');
    expect(screen.getByRole('button', { name: 'Retire Gold' })).toBeTruthy();
  });

  it('renames and retires a plan at once (one person), the focus kept on the button', async () => {
    const { sent } = catalogApi(
      'account-plans',
      [plan(), plan({ id: '2', name: 'Gold', isDefault: false })],
      {},
      {},
      PLANS,
    );
    const { catalog } = await renderPage('/admin/catalog/account-plans', 'Add a plan');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retire Gold' }));
    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe(
        'Gold is retired: customers no longer see it.',
      ),
    );
    await waitFor(() => expect(within(row('Gold')).getByText('Retired')).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore Gold' }));
    await user.click(screen.getByRole('button', { name: 'Restore Gold' }));
    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe(
        'Gold is offered to customers again.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Gold' }));
    const form = screen.getByRole('form', { name: 'Edit Gold' });
    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Golden');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe('Golden is saved.'),
    );
    // The price is a second person's: sent for approval, the row as it was.
    await user.click(screen.getByRole('button', { name: 'Edit Golden' }));
    const again = screen.getByRole('form', { name: 'Edit Golden' });
    const price = within(again).getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '99');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe(
        'Sent for approval: Golden changes for customers once another staff member approves it.',
      ),
    );
    expect(await waitFor(() => waitingIn(row('Golden')).href)).toBe('/admin/approvals/41');
    expect(row('Golden').textContent).toContain('price €0.00');
    expect(sent.map((x) => `${x.method} ${x.path}`)).toEqual([
      'POST /api/v1/staff/catalog/account-plans/2/retire',
      'POST /api/v1/staff/catalog/account-plans/2/restore',
      'PUT /api/v1/staff/catalog/account-plans/2',
      'PUT /api/v1/staff/catalog/account-plans/2',
    ]);
  });
});

describe('institution details (staff)', () => {
  const PATH = `${CATALOG}/institution`;

  it('checks the details and sends them for approval; the waiting change shows with its link', async () => {
    const sent: unknown[] = [];
    let waiting: unknown[] = [];
    mockFetch((path, body) => {
      if (path === '/api/v1/auth/session') return { status: 200, body: { me: MANAGER } };
      if (path === `${CATALOG}/pending`) return { status: 200, body: { items: waiting } };
      if (path !== PATH) return { status: 404 };
      const unset = {
        swiftCode: null,
        routingNumber: null,
        country: null,
        postalAddress: null,
        updatedAt: WHEN,
      };
      if (body === undefined) return { status: 200, body: unset };
      sent.push(body);
      const input = body as { swiftCode: string; country: string };
      if (input.country === 'FR') {
        return fieldProblem('body.country', 'Choose a country from the list');
      }
      waiting = [
        {
          approvalId: '41',
          section: 'institution',
          entryId: null,
          action: 'update',
          summary: "Change the bank's institution details",
          details: [
            { label: 'Change', value: "Change the bank's institution details" },
            { label: 'SWIFT code', value: `n/a → ${input.swiftCode.toUpperCase()}` },
          ],
          proposedBy: 'Ada Lovelace',
          proposedAt: WHEN,
          expiresAt: WHEN,
          mine: true,
        },
      ];
      return { status: 202, body: { approvalId: '41', message: 'Sent for approval' } };
    });
    renderRoute('/admin/catalog/institution');
    const user = userEvent.setup();
    const swift = (await screen.findByLabelText(/^SWIFT code/)) as HTMLInputElement;
    expect(swift.value).toBe('');
    expect(screen.queryByText('Change waiting for a second person')).toBeNull();
    await user.type(swift, 'CEDR1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A SWIFT/BIC code has 8 or 11 characters')).toBeTruthy();
    expect(document.activeElement).toBe(swift);
    expect(sent).toEqual([]);

    await user.clear(swift);
    await user.type(swift, 'cedrgb2l');
    await user.type(screen.getByLabelText(/^Routing number/), '021000021');
    const country = screen.getByLabelText(/^Country/);
    await user.selectOptions(country, 'FR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a country from the list')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(country));

    await user.selectOptions(country, 'GB');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(
      await screen.findByText(
        'Sent for approval: customers keep seeing the current details under Add funds until another staff member approves the change.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Saved/)).toBeNull();
    expect(sent.at(-1)).toEqual({
      swiftCode: 'cedrgb2l',
      routingNumber: '021000021',
      country: 'GB',
      postalAddress: null,
    });
    const box = (
      await screen.findByRole('heading', { name: 'Change waiting for a second person' })
    ).closest('section') as HTMLElement;
    expect(within(box).getByText('n/a → CEDRGB2L')).toBeTruthy();
    expect(within(box).getByText(/Proposed by you/)).toBeTruthy();
    const link = within(box).getByRole('link', { name: /^Open the proposal/ });
    expect(link.getAttribute('href')).toBe('/admin/approvals/41');
  });
});
