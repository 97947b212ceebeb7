import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, problem, renderRoute, sentBodyTo } from '../../../test-utils';
import { staffMe } from '../shared/testing';
import {
  CUSTOMER_PATH,
  auditEntry,
  customerApi,
  customerSample,
  page,
  transaction,
} from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MANAGER = staffMe(['customers.manage']);

/** The text a dialog is described by. */
function descriptionOf(dialog: HTMLElement): string {
  return document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
}

describe('the customer page', () => {
  it('heads the page with who they are, their account, standing and balance', async () => {
    customerApi(
      MANAGER,
      {},
      customerSample({
        freeze: {
          scope: 'debits',
          reasonCode: 'legal_order',
          note: 'Court order 2026/118',
          frozenAt: '2026-11-21T11:00:00.000Z',
          frozenBy: 'Grace Hopper',
        },
        restriction: {
          head: 'Account under review',
          body: 'Please call us.',
          reason: 'Compliance review',
          setAt: '2026-11-21T10:00:00.000Z',
          setBy: 'Grace Hopper',
        },
        pin: { hasPin: true, pausedUntil: '2026-11-21T12:00:00.000Z' },
      }),
    );
    renderRoute('/admin/customers/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' })).toBeTruthy();
    expect(document.title).toBe('Ama Mensah · Customers · Cedar Bank');
    expect(screen.getByText('4000000017', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('$4,775.00', { selector: 'dd' })).toBeTruthy();
    for (const badge of ['Identity verified', 'Debits frozen', 'Restricted', 'PIN paused']) {
      expect(screen.getAllByText(badge).length, badge).toBeGreaterThan(0);
    }
    // The overview says what stands in the way, and by whose decision.
    expect(screen.getByText(/Restriction notice: the customer cannot sign in\./)).toBeTruthy();
    expect(
      screen.getByText(/Frozen: Legal order \(court, police, tax authority\)\./).textContent,
    ).toBeTruthy();
    expect(document.body.textContent).toContain('Note: Court order 2026/118.');
    // What applies is offered: lift what is set.
    for (const action of ['Change notice', 'Lift restriction', 'Change freeze', 'Unfreeze']) {
      expect(screen.getByRole('button', { name: action })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Lift PIN pause' })).toBeTruthy();
  });

  it('shows the profile and every account, each opening its ledger', async () => {
    customerApi(MANAGER);
    renderRoute('/admin/customers/31');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const term = (name: string) =>
      within(profile).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Phone')).toBe('+447400123456');
    expect(term('Country')).toBe('United Kingdom');
    expect(term('Next of kin')).toBe('On file (kept sealed)');
    expect(term('Email')).toBe('ama@example.com (verified)');
    const accounts = screen.getByRole('region', { name: 'Accounts and balances' });
    const link = within(accounts).getAllByRole('link', {
      name: '4000000025: ledger of the fixed deposit',
    })[0];
    expect(link?.getAttribute('href')).toBe('/admin/customers/31/ledger?account=502');
    // No action here sets a balance, shows a PIN or a code.
    expect(screen.queryByRole('button', { name: /balance|pin code|password/i })).toBeNull();
  });

  it('moves between sections by their own addresses; identity documents open through the staff route', async () => {
    customerApi(MANAGER);
    const user = userEvent.setup();
    const router = renderRoute('/admin/customers/31');
    const nav = await screen.findByRole('navigation', { name: 'Customer sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await user.click(within(nav).getByRole('link', { name: 'Identity checks' }));
    expect(router.state.location.pathname).toBe('/admin/customers/31/identity');
    expect(
      within(nav).getByRole('link', { name: 'Identity checks' }).getAttribute('aria-current'),
    ).toBe('page');
    const check = await screen.findByRole('article', { name: 'Identity check 1' });
    expect(within(check).getByText('Approved')).toBeTruthy();
    const photo = within(check).getByRole('img', { name: 'Photo of the customer' });
    expect(photo.getAttribute('src')).toBe('/api/v1/staff/kyc/submissions/71/documents/photo');
    expect(
      within(check).getByRole('link', { name: 'Download PDF, ID back' }).getAttribute('href'),
    ).toBe('/api/v1/staff/kyc/submissions/71/documents/id_back');
  });

  it('pages the ledger of the chosen account', async () => {
    const fetchMock = customerApi(MANAGER, {
      [`${CUSTOMER_PATH}/ledger`]: () => ({
        status: 200,
        body: {
          account: {
            id: '501',
            accountNumber: '4000000017',
            kind: 'customer_current',
            name: 'Ama Mensah',
          },
          items: [transaction()],
          nextCursor: 'cDEwMA',
        },
      }),
      [`${CUSTOMER_PATH}/ledger?account=501&cursor=cDEwMA&limit=20`]: () => ({
        status: 200,
        body: {
          account: {
            id: '501',
            accountNumber: '4000000017',
            kind: 'customer_current',
            name: 'Ama Mensah',
          },
          items: [
            transaction({
              id: '9000',
              name: 'Crypto deposit (Bitcoin)',
              amount: '500000',
              transactionType: 'credit',
              status: 'successful',
              balanceAfter: '500000',
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute('/admin/customers/31/ledger');
    const table = await screen.findByRole('table', {
      name: 'Ledger of current account 4000000017',
    });
    expect(within(table).getByText('−$25.00')).toBeTruthy();
    expect(within(table).getByText('in progress')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(table).findByText('+$5,000.00')).toBeTruthy();
    expect(callsTo(fetchMock, `${CUSTOMER_PATH}/ledger?account=501&limit=20`)).toHaveLength(1);
    expect(screen.getByLabelText('Account')).toBeTruthy();
  });

  it('adds an internal note and lists it, newest first', async () => {
    let notes: unknown[] = [];
    const fetchMock = customerApi(MANAGER, {
      [`${CUSTOMER_PATH}/notes`]: (body) => {
        if (body === undefined) return page(notes);
        const note = {
          id: '3',
          body: (body as { body: string }).body,
          author: 'Grace Hopper',
          createdAt: '2026-11-22T09:00:00.000Z',
        };
        notes = [note, ...notes];
        return { status: 201, body: note };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin/customers/31/notes');
    expect(await screen.findByText('No note yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByLabelText(/^New note/).getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText(/^New note/), 'Called about the card.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getByText('Called about the card.')).toBeTruthy();
    expect(within(list).getByText(/Grace Hopper/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${CUSTOMER_PATH}/notes`)).toEqual({
      body: 'Called about the card.',
    });
    expect(screen.getByText('Note added.')).toBeTruthy();
  });

  it('reads the audit trail in the catalogue’s words, with before and after', async () => {
    customerApi(MANAGER, {
      [`${CUSTOMER_PATH}/audit`]: () =>
        page([
          auditEntry({
            after: {
              scope: 'debits',
              reasonCode: 'legal_order',
              accounts: [{ accountId: '501', accountNumber: '4000000017', balance: '477500' }],
            },
          }),
        ]),
    });
    renderRoute('/admin/customers/31/audit');
    const trail = await screen.findByRole('list', { name: 'Audit trail' });
    const entry = within(trail).getByRole('listitem');
    expect(within(entry).getByRole('heading', { name: 'Account frozen' })).toBeTruthy();
    expect(entry.textContent).toContain('Grace Hopper (staff), from 10.0.0.7');
    expect(entry.textContent).toContain('scopenull → debits');
    expect(entry.textContent).toContain('reasonCodelegal_order');
    expect(entry.textContent).toContain(
      'accountsaccountId: 501, accountNumber: 4000000017, balance: 477500',
    );
  });

  it('says so when there is no such customer', async () => {
    customerApi(MANAGER, {
      '/api/v1/staff/customers/99': () => problem(404, 'NOT_FOUND', 'No such customer'),
    });
    renderRoute('/admin/customers/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer not found' }),
    ).toBeTruthy();
  });
});

describe('actions on the customer', () => {
  it('freezes in two steps: the form with the reason code, then the confirmation; then says what happened', async () => {
    const frozen = customerSample({
      freeze: {
        scope: 'debits',
        reasonCode: 'suspected_fraud',
        note: 'Case 2291',
        frozenAt: '2026-11-22T09:00:00.000Z',
        frozenBy: 'Grace Hopper',
      },
    });
    let current = customerSample();
    const fetchMock = customerApi(MANAGER, {
      [CUSTOMER_PATH]: () => ({ status: 200, body: current }),
      [`${CUSTOMER_PATH}/freeze`]: () => {
        current = frozen;
        return {
          status: 200,
          body: {
            outcome: 'Debits blocked: the customer was told that payments are on hold (not why).',
            customer: frozen,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin/customers/31');
    await user.click(await screen.findByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze the account' });
    // The reason code is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const code = within(dialog).getByLabelText(/^Reason code/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, `${CUSTOMER_PATH}/freeze`)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/^What to block/), 'debits');
    await user.selectOptions(code, 'suspected_fraud');
    await user.type(within(dialog).getByLabelText(/^Note/), 'Case 2291');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Freeze this account?' });
    expect(descriptionOf(confirm)).toBe(
      'Money cannot leave the account (transfers, fixed deposits from the balance, upgrades). Ama Mensah is told that payments are on hold, not why. Reason: Suspected fraud.',
    );
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Back' }));
    expect(callsTo(fetchMock, `${CUSTOMER_PATH}/freeze`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Freeze account' }));

    const outcome = await screen.findByText(
      'Debits blocked: the customer was told that payments are on hold (not why).',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The outcome takes the focus (the dialog's buttons are gone).
    expect(document.activeElement?.contains(outcome)).toBe(true);
    expect(sentBodyTo(fetchMock, `${CUSTOMER_PATH}/freeze`)).toEqual({
      scope: 'debits',
      reasonCode: 'suspected_fraud',
      note: 'Case 2291',
    });
    // The page shows the customer as the server answered.
    expect(screen.getAllByText('Debits frozen').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Unfreeze' })).toBeTruthy();
  });

  it('sets a restriction notice after confirming what the customer will read', async () => {
    let current = customerSample();
    const restricted = customerSample({
      restriction: {
        head: 'Account under review',
        body: 'Please call us.',
        reason: 'Compliance review',
        setAt: '2026-11-22T09:00:00.000Z',
        setBy: 'Grace Hopper',
      },
    });
    const fetchMock = customerApi(MANAGER, {
      [CUSTOMER_PATH]: () => ({ status: 200, body: current }),
      [`${CUSTOMER_PATH}/restriction`]: () => {
        current = restricted;
        return {
          status: 200,
          body: {
            outcome:
              'Restriction notice set and 1 session ended: the customer reads the notice at their next sign-in.',
            customer: restricted,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin/customers/31');
    await user.click(await screen.findByRole('button', { name: 'Restriction notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a restriction notice' });
    await user.type(within(dialog).getByLabelText(/^Heading/), 'Account under review');
    await user.type(within(dialog).getByLabelText(/^Notice/), 'Please call us.');
    await user.type(within(dialog).getByLabelText(/^Reason \(internal\)/), 'Compliance review');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Set this notice and sign the customer out?',
    });
    expect(descriptionOf(confirm)).toBe(
      'Ama Mensah is signed out of every browser at once. At their next sign-in they read “Account under review: Please call us.” and go no further.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Set notice and sign out' }));
    expect(await screen.findByText(/^Restriction notice set and 1 session ended/)).toBeTruthy();
    expect(sentBodyTo(fetchMock, `${CUSTOMER_PATH}/restriction`)).toEqual({
      head: 'Account under review',
      body: 'Please call us.',
      reason: 'Compliance review',
    });
    expect(screen.getByRole('button', { name: 'Lift restriction' })).toBeTruthy();
  });

  it('keeps the dialog open with the server’s words on a refusal, and goes back to a refused field', async () => {
    let answer = problem(409, 'CONFLICT', 'The customer is not signed in anywhere.');
    customerApi(MANAGER, { [`${CUSTOMER_PATH}/sign-out`]: () => answer });
    const user = userEvent.setup();
    renderRoute('/admin/customers/31');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out of every browser' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Lost phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign the customer out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The customer is not signed in anywhere.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();

    answer = problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
      { path: 'body.reason', message: 'Say why (at least 3 characters)' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out of every browser' });
    const reason = within(dialog).getByLabelText(/^Reason/);
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('Say why (at least 3 characters)');
    expect(document.activeElement).toBe(reason);
  });

  it('offers the message, lifted PIN pause and unfreeze only where they apply', async () => {
    customerApi(MANAGER);
    renderRoute('/admin/customers/31');
    await screen.findByRole('heading', { level: 1, name: 'Ama Mensah' });
    expect(screen.getByRole('button', { name: 'Send a message' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lift PIN pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unfreeze' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lift restriction' })).toBeNull();
  });
});
