import type { AdjustableAccounts } from '@bank/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { FakeXhr } from '../../../test-xhr';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MAKER = staffMe(['ledger.adjust.propose']);
const ACCOUNTS: AdjustableAccounts = {
  currency: 'USD',
  items: [
    { kind: 'suspense', label: 'Suspense', accountNumber: '1000000001', balance: '0' },
    { kind: 'fee_income', label: 'Fee income', accountNumber: '1000000002', balance: '-52500' },
  ],
  maxAmount: '1000000000',
  evidenceMaxBytes: 8 * 1024 * 1024,
};

interface Upload {
  headers: Record<string, string>;
  body: FormData;
  finish: (answer: FakeResponse) => void;
}

/** A stand-in XMLHttpRequest (lib/upload.ts): records each upload, reports 40 % sent. */
function mockUploads() {
  const sent: Upload[] = [];
  class Xhr extends FakeXhr {
    override send(body: FormData) {
      this.progress(40, 100);
      sent.push({ headers: this.headers, body, finish: (answer) => this.answer(answer) });
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

function formApi() {
  return mockFetch((path) =>
    path === '/api/v1/auth/session'
      ? { status: 200, body: { me: MAKER } }
      : path === '/api/v1/staff/adjustments/accounts'
        ? { status: 200, body: ACCOUNTS }
        : problem(404, 'NOT_FOUND', path),
  );
}

const statement = () => new File(['png'], 'statement.png', { type: 'image/png' });

describe('the ledger adjustment form', () => {
  it('sends a credit to a customer with its evidence, shows the progress, then the proposal', async () => {
    formApi();
    const uploads = mockUploads();
    renderRoute('/admin/ledger-adjustments');
    expect(await screen.findByRole('heading', { name: 'Ledger adjustments' })).toBeTruthy();
    const form = within(await screen.findByRole('form', { name: 'Propose a ledger adjustment' }));
    expect(form.getByRole('radio', { name: /A customer’s account/ })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.type(
      form.getByRole('textbox', { name: 'Customer account number' }),
      '4000000017',
    );
    expect(form.getByRole('radio', { name: /^Credit/ })).toHaveProperty('checked', true);
    await userEvent.type(form.getByRole('textbox', { name: 'Amount' }), '1,250.00');
    await userEvent.type(
      form.getByRole('textbox', { name: 'Reason' }),
      'Card fee charged twice on 3 March',
    );
    await userEvent.upload(form.getByLabelText('Evidence file'), statement());
    await userEvent.click(form.getByRole('button', { name: 'Send for approval' }));

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    const [upload] = uploads;
    expect(upload?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      Object.fromEntries(
        [...(upload?.body.entries() ?? [])].filter(([, v]) => typeof v === 'string'),
      ),
    ).toEqual({
      target: 'customer',
      accountNumber: '4000000017',
      direction: 'credit',
      amount: '125000',
      reason: 'Card fee charged twice on 3 March',
    });
    expect((upload?.body.get('evidence') as File).name).toBe('statement.png');
    upload?.finish({
      status: 201,
      body: {
        approvalId: '12',
        status: 'pending',
        summary: 'Credit $1,250.00 to Ama Mensah, account 4000000017',
        message: 'Sent',
        replayed: false,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeTruthy();
    expect(screen.getByText('Credit $1,250.00 to Ama Mensah, account 4000000017')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See proposal 12' }).getAttribute('href')).toBe(
      '/admin/approvals/12',
    );
  });

  it('checks every field before sending, and shows the server’s refusals on their fields', async () => {
    formApi();
    const uploads = mockUploads();
    renderRoute('/admin/ledger-adjustments');
    const form = within(await screen.findByRole('form', { name: 'Propose a ledger adjustment' }));
    await userEvent.click(form.getByRole('button', { name: 'Send for approval' }));
    expect(await form.findByText('Enter the customer’s 10-digit account number')).toBeTruthy();
    expect(form.getByText('Enter the amount')).toBeTruthy();
    expect(
      form.getByText('Say why, in at least 10 characters, for the person who checks it'),
    ).toBeTruthy();
    expect(form.getByText('Attach the evidence: a picture or a PDF')).toBeTruthy();
    expect(document.activeElement).toBe(
      form.getByRole('textbox', { name: 'Customer account number' }),
    );
    expect(uploads).toHaveLength(0);

    // A bank account and a debit, the server refusing the amount.
    await userEvent.click(form.getByRole('radio', { name: /A bank account/ }));
    const account = form.getByRole('combobox', { name: 'Bank account' });
    expect(
      within(account)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose an account',
      'Suspense (1000000001), balance $0.00',
      'Fee income (1000000002), balance -$525.00',
    ]);
    await userEvent.selectOptions(account, 'suspense');
    await userEvent.click(form.getByRole('radio', { name: /^Debit/ }));
    await userEvent.type(form.getByRole('textbox', { name: 'Amount' }), '12.345');
    await userEvent.type(
      form.getByRole('textbox', { name: 'Reason' }),
      'Return the unidentified receipt',
    );
    await userEvent.upload(form.getByLabelText('Evidence file'), statement());
    await userEvent.click(form.getByRole('button', { name: 'Send for approval' }));
    expect(
      await form.findByText('Use an amount such as 1,500.00, with at most two decimals'),
    ).toBeTruthy();
    expect(uploads).toHaveLength(0);
    await userEvent.clear(form.getByRole('textbox', { name: 'Amount' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Amount' }), '50');
    await userEvent.click(form.getByRole('button', { name: 'Send for approval' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.body.get('internalAccount')).toBe('suspense');
    expect(uploads[0]?.body.get('accountNumber')).toBeNull();
    expect(uploads[0]?.body.get('direction')).toBe('debit');
    uploads[0]?.finish(
      problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
        { path: 'body.evidence', message: 'This file is not a picture or a PDF.' },
      ]),
    );
    expect(await form.findByText('This file is not a picture or a PDF.')).toBeTruthy();
    expect(form.getByLabelText('Evidence file').getAttribute('aria-invalid')).toBe('true');
    // Sent again, it is the same proposal: the same key.
    await userEvent.click(form.getByRole('button', { name: 'Send for approval' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]?.headers['idempotency-key']).toBe(uploads[0]?.headers['idempotency-key']);
  });

  it('is closed to staff who may not propose', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: staffMe(['ledger.adjust.approve']) } }
        : problem(403, 'FORBIDDEN', 'No'),
    );
    renderRoute('/admin/ledger-adjustments');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
  });
});
