import type { DocumentType, Me } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, sentBody, type FakeResponse } from '../../../test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE = '/admin/catalog/document-types';
const LIST = '/api/v1/staff/catalog/document-types';
const TAKEN = 'That document type is already in the catalog.';

const MANAGER: Me = {
  scope: 'staff',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'alovelace',
  email: 'ada@bank.example',
  kycStatus: 'approved',
  permissions: ['catalog.manage'],
};

function documentType(id: string, name: string, overrides: Partial<DocumentType> = {}) {
  return {
    id,
    name,
    active: true,
    fixed: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * A fake API holding a catalog that the calls change, as the server would: Driver's License
 * (fixed), Passport (offered) and National ID card (retired). `answers` override per path.
 */
function catalogApi({
  me = MANAGER,
  answers = {},
}: { me?: Me; answers?: Record<string, (body: unknown) => FakeResponse> } = {}) {
  const items: DocumentType[] = [
    documentType('1', "Driver's License", { fixed: true }),
    documentType('2', 'Passport'),
    documentType('3', 'National ID card', { active: false }),
  ];
  return mockFetch((path, body) => {
    const custom = answers[path];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me } };
    if (path === '/api/v1/staff/kyc/queue?status=pending')
      return { status: 200, body: { items: [], nextCursor: null } };
    if (path === LIST && body === undefined) return { status: 200, body: { items } };
    if (path === LIST) {
      const name = (body as { name: string }).name;
      if (items.some((item) => item.name.toLowerCase() === name.toLowerCase())) {
        return problem(409, 'CONFLICT', TAKEN, [{ path: 'body.name', message: TAKEN }]);
      }
      const added = documentType(String(items.length + 1), name);
      items.push(added);
      return { status: 201, body: added };
    }
    const change = /^\/api\/v1\/staff\/catalog\/document-types\/(\w+)\/(retire|restore)$/.exec(
      path,
    );
    const item = items.find((candidate) => candidate.id === change?.[1]);
    if (change && item && !item.fixed) {
      item.active = change[2] === 'restore';
      return { status: 200, body: item };
    }
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

function calls(fetchMock: ReturnType<typeof mockFetch>, path: string, method = 'GET') {
  return fetchMock.mock.calls.filter(
    ([called, init]) => called === path && (init?.method ?? 'GET') === method,
  );
}

/** The row (list item) of the type called `name`. */
function row(name: string): HTMLElement {
  const catalog = screen.getByRole('region', { name: 'Catalog' });
  const item = within(catalog).getByText(name, { selector: 'li span' }).closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return item;
}

/** The page with the catalog read; its two sections. */
async function renderPage() {
  renderRoute(PAGE);
  const catalog = await screen.findByRole('region', { name: 'Catalog' });
  await within(catalog).findByRole('list');
  return { catalog, form: screen.getByRole('region', { name: 'Add a document type' }) };
}

describe('the document types page', () => {
  it('lists every type with its state in words, and what each allows', async () => {
    catalogApi();
    const { catalog } = await renderPage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Document types',
    ]);
    expect(screen.getByText(/Driver's License is always offered/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Catalog' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Add a document type' })).toBeTruthy();

    const names = within(catalog).getAllByRole('listitem');
    expect(names.map((item) => item.querySelector('span')?.textContent)).toEqual([
      "Driver's License",
      'Passport',
      'National ID card',
    ]);

    const license = row("Driver's License");
    expect(within(license).getByText('Offered')).toBeTruthy();
    expect(within(license).getByText('Always offered')).toBeTruthy();
    expect(within(license).queryByRole('button')).toBeNull();

    const passport = row('Passport');
    expect(within(passport).getByText('Offered')).toBeTruthy();
    expect(within(passport).getByRole('button').textContent).toContain('Retire');
    expect(screen.getByRole('button', { name: 'Retire Passport' })).toBeTruthy();

    const national = row('National ID card');
    expect(within(national).getByText('Retired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Offer again National ID card' })).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(nav).getByRole('link', { name: 'Document types' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('retires a type, showing it busy, then says so and keeps the focus on its row', async () => {
    const fetchMock = catalogApi();
    // Hold the answer back, to see the pressed button busy.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      if (path.endsWith('/retire')) await answered;
      return fetchMock(path, init);
    });
    const { catalog } = await renderPage();

    const retire = screen.getByRole('button', { name: 'Retire Passport' });
    await userEvent.click(retire);
    await waitFor(() => expect(retire.getAttribute('aria-busy')).toBe('true'));
    expect(retire.hasAttribute('disabled')).toBe(true);
    // Browsers drop the focus from a control that becomes disabled; jsdom keeps it, and will not
    // blur a disabled control, so enable it for a moment to let the focus go as a browser would.
    retire.removeAttribute('disabled');
    retire.blur();
    retire.setAttribute('disabled', '');
    expect(document.activeElement).toBe(document.body);
    release();

    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe(
        'Passport is no longer offered to customers.',
      ),
    );
    expect(within(row('Passport')).getByText('Retired')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Offer again Passport' }),
    );

    const [sent] = calls(fetchMock, `${LIST}/2/retire`, 'POST');
    expect(new Headers(sent?.[1]?.headers).get('x-bank-csrf')).toBe('1');
    expect(calls(fetchMock, LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('offers a retired type again', async () => {
    const fetchMock = catalogApi();
    const { catalog } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Offer again National ID card' }));

    await waitFor(() =>
      expect(within(catalog).getByRole('status').textContent).toBe(
        'National ID card is offered to customers again.',
      ),
    );
    expect(within(row('National ID card')).getByText('Offered')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Retire National ID card' }),
    );
    const [sent] = calls(fetchMock, `${LIST}/3/restore`, 'POST');
    expect(new Headers(sent?.[1]?.headers).get('x-bank-csrf')).toBe('1');
    expect(calls(fetchMock, LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('shows why a change was refused, and reads the list again', async () => {
    const fetchMock = catalogApi({
      answers: {
        [`${LIST}/2/retire`]: () =>
          problem(409, 'CONFLICT', 'This document type changed meanwhile; try again.'),
      },
    });
    const { catalog } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Retire Passport' }));

    expect((await within(catalog).findByRole('alert')).textContent).toBe(
      'This document type changed meanwhile; try again.',
    );
    expect(within(catalog).getByRole('status').textContent).toBe('');
    expect(within(row('Passport')).getByText('Offered')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, LIST).length).toBeGreaterThanOrEqual(2));
  });

  it('adds a type, trimmed, then empties the form and says so', async () => {
    const fetchMock = catalogApi();
    const { form } = await renderPage();
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    expect(name.getAttribute('maxlength')).toBe('60');
    expect(name.required).toBe(true);

    await userEvent.type(name, '  Residence permit  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe(
        'Residence permit is now offered to customers.',
      ),
    );
    const index = fetchMock.mock.calls.findIndex(
      ([path, init]) => path === LIST && init?.method === 'POST',
    );
    expect(sentBody(fetchMock, index)).toEqual({ name: 'Residence permit' });
    expect(new Headers(fetchMock.mock.calls[index]?.[1]?.headers).get('x-bank-csrf')).toBe('1');
    expect(name.value).toBe('');
    expect(document.activeElement).toBe(name);
    expect(within(row('Residence permit')).getByText('Offered')).toBeTruthy();
  });

  it('checks the name before sending it', async () => {
    const fetchMock = catalogApi();
    const { form } = await renderPage();
    const name = within(form).getByLabelText('Name');
    await userEvent.type(name, 'A');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await within(form).findByText('Use 2 to 60 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(calls(fetchMock, LIST, 'POST')).toHaveLength(0);
  });

  it("puts the server's refusal of a name already in the catalog on the field", async () => {
    const fetchMock = catalogApi();
    const { form } = await renderPage();
    const name = within(form).getByLabelText('Name');
    await userEvent.type(name, 'passport');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await within(form).findByText(TAKEN)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).getByRole('status').textContent).toBe('');
    expect(calls(fetchMock, LIST, 'POST')).toHaveLength(1);
  });

  it('says when adding failed for a reason that is not about the name', async () => {
    catalogApi({
      answers: {
        [LIST]: (body) =>
          body === undefined
            ? {
                status: 200,
                body: { items: [documentType('1', "Driver's License", { fixed: true })] },
              }
            : problem(503, 'UNAVAILABLE', 'The service is busy, try again.'),
      },
    });
    const { form } = await renderPage();
    await userEvent.type(within(form).getByLabelText('Name'), 'Passport');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The service is busy, try again.',
    );
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    const fetchMock = catalogApi({
      answers: {
        [LIST]: () =>
          fail
            ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
            : {
                status: 200,
                body: { items: [documentType('1', "Driver's License", { fixed: true })] },
              },
      },
    });
    renderRoute(PAGE);
    const catalog = await screen.findByRole('region', { name: 'Catalog' });
    expect((await within(catalog).findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(within(catalog).getByRole('button', { name: 'Try again' }));
    expect(await within(catalog).findByText('Always offered')).toBeTruthy();
    expect(within(catalog).queryByRole('alert')).toBeNull();
    expect(calls(fetchMock, LIST)).toHaveLength(2);
  });
});

describe('the back office menu', () => {
  it('offers Document types to staff who manage the catalog', async () => {
    catalogApi({ me: { ...MANAGER, permissions: ['kyc.review', 'catalog.manage'] } });
    renderRoute('/admin/kyc');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Identity checks',
      // Catalog managers approve each other's catalog changes there.
      'Approvals',
      'Document types',
      'Support contacts',
      'Crypto types',
      'Payment purposes',
      'Fixed-deposit plans',
      'Account plans',
      'Institution details',
      'Region availability',
      'Your security',
    ]);
    expect(within(nav).getByRole('link', { name: 'Document types' }).getAttribute('href')).toBe(
      PAGE,
    );
  });

  it('does not offer it to a reviewer without that permission', async () => {
    catalogApi({ me: { ...MANAGER, permissions: ['kyc.review'] } });
    renderRoute('/admin/kyc');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Identity checks' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Document types' })).toBeNull();
  });
});
