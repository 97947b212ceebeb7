import type { AuditActions, AuditEntry } from '@bank/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../../test-utils';
import { staffMe } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AUDITOR = staffMe(['audit.read']);
const LOG = '/api/v1/staff/audit';

const ACTIONS: AuditActions = {
  areas: [
    {
      area: 'kyc',
      label: 'Identity checks',
      actions: [
        { action: 'kyc.approve', label: 'Identity check approved' },
        { action: 'kyc.decline', label: 'Identity check declined' },
      ],
    },
    {
      area: 'security',
      label: 'Security',
      actions: [{ action: 'security.signin_failed', label: 'Sign-in failed' }],
    },
  ],
};

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '40',
    seq: '40',
    at: '2026-11-21T10:15:00.000Z',
    actor: { kind: 'staff', id: '2', name: 'Grace Hopper', email: 'grace@bank.example' },
    action: 'kyc.approve',
    label: 'Identity check approved',
    target: { type: 'kyc_submission', id: '7' },
    customer: { id: '31', name: 'Ama Mensah', email: 'ama@example.com' },
    before: { status: 'pending' },
    after: { status: 'approved', accountNumber: '4000123457' },
    ip: '10.0.0.5',
    userAgent: 'Mozilla/5.0 (Desk)',
    hash: 'a'.repeat(64),
    prevHash: 'b'.repeat(64),
    ...overrides,
  };
}

const FAILED_SIGNIN = entry({
  id: '39',
  seq: '39',
  at: '2026-11-21T09:00:00.000Z',
  actor: { kind: 'anonymous', id: null, name: 'Not signed in', email: null },
  action: 'security.signin_failed',
  label: 'Sign-in failed',
  target: { type: 'user', id: '31' },
  before: null,
  after: { attempt: 3 },
  ip: '198.51.100.7',
});

function auditApi(answers: Record<string, () => FakeResponse>) {
  return mockFetch((path) => {
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: AUDITOR } };
    if (path === `${LOG}/actions`) return { status: 200, body: ACTIONS };
    const answer = answers[path];
    return answer ? answer() : problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

const rows =
  (...items: AuditEntry[]) =>
  () => ({
    status: 200,
    body: { items, nextCursor: null },
  });

describe('the audit log', () => {
  it('lists events newest first, each opening to its before and after and its place in the chain', async () => {
    auditApi({ [LOG]: rows(entry(), FAILED_SIGNIN) });
    renderRoute('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeTruthy();
    expect(await screen.findByText('2 events, newest first.')).toBeTruthy();
    const table = within(screen.getByRole('table', { name: 'Audit log, newest first' }));
    const [first, second] = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(first?.getByText('21/11/2026, 10:15 UTC')).toBeTruthy();
    expect(first?.getByText('Grace Hopper')).toBeTruthy();
    expect(first?.getByText('Identity check approved')).toBeTruthy();
    expect(first?.getByText('kyc.approve')).toBeTruthy();
    expect(first?.getByText('kyc_submission:7')).toBeTruthy();
    expect(first?.getByText('Ama Mensah')).toBeTruthy();
    expect(first?.getByText('10.0.0.5')).toBeTruthy();
    expect(second?.getByText('Not signed in')).toBeTruthy();

    const toggle = first?.getByRole('button', {
      name: 'Details of Identity check approved, sequence 40',
    });
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle as HTMLElement);
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
    expect(details?.textContent).toContain('"accountNumber": "4000123457"');
    expect(details?.textContent).toContain('"status": "pending"');
    expect(details?.textContent).toContain('Mozilla/5.0 (Desk)');
    expect(details?.textContent).toContain('a'.repeat(64));
    await userEvent.click(toggle as HTMLElement);
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    // On a phone: the same events as cards.
    const cards = within(screen.getByRole('list', { name: 'Audit log, newest first' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
  });

  it('searches by actor, customer, action or area and period, through the address', async () => {
    const searched = `${LOG}?actor=grace%40bank.example&customer=31&action=security&from=2026-11-01&to=2026-11-21`;
    const fetchMock = auditApi({
      [LOG]: rows(entry(), FAILED_SIGNIN),
      [searched]: rows(FAILED_SIGNIN),
    });
    const router = renderRoute('/admin/audit');
    await screen.findByText('2 events, newest first.');
    const form = within(screen.getByRole('search', { name: 'Search the audit log' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Actor' }), 'grace@bank.example');
    await userEvent.type(form.getByRole('textbox', { name: 'Customer' }), '31');
    const action = form.getByRole('combobox', { name: 'Action' });
    expect(within(action).getByRole('group', { name: 'Security' })).toBeTruthy();
    await userEvent.selectOptions(action, 'All: Security');
    await userEvent.type(form.getByLabelText('From (UTC)'), '2026-11-01');
    await userEvent.type(form.getByLabelText('To (UTC)'), '2026-11-21');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('1 event, newest first.')).toBeTruthy();
    expect(router.state.location.search).toBe(
      '?actor=grace%40bank.example&customer=31&action=security&from=2026-11-01&to=2026-11-21',
    );
    expect(callsTo(fetchMock, searched)).toHaveLength(1);
    // The form shows what is in force after the search.
    const again = within(screen.getByRole('search', { name: 'Search the audit log' }));
    expect((again.getByRole('combobox', { name: 'Action' }) as HTMLSelectElement).value).toBe(
      'security',
    );
    await userEvent.click(again.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('2 events, newest first.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('explains filters it cannot use, before and after asking the server', async () => {
    const fetchMock = auditApi({
      [LOG]: rows(entry()),
      [`${LOG}?actor=99999999999999999999`]: () =>
        problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
          { path: 'query.actor', message: 'Give an id (digits) or an email address' },
        ]),
    });
    renderRoute('/admin/audit');
    await screen.findByText('1 event, newest first.');
    // On a phone the search folds behind one button until opened.
    const fold = screen.getByRole('button', { name: 'Search and download' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    const form = within(screen.getByRole('search', { name: 'Search the audit log' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Actor' }), 'bob');
    await userEvent.type(form.getByLabelText('From (UTC)'), '2026-11-21');
    await userEvent.type(form.getByLabelText('To (UTC)'), '2026-11-01');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Give an id (digits), an email address, or system'),
    ).toBeTruthy();
    expect(screen.getByText('The end of the period is before its start')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([p]) => p.includes('actor='))).toEqual([]);

    const actor = screen.getByRole('textbox', { name: 'Actor' });
    await userEvent.clear(actor);
    await userEvent.type(actor, '99999999999999999999');
    await userEvent.clear(screen.getByLabelText('From (UTC)'));
    await userEvent.clear(screen.getByLabelText('To (UTC)'));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Give an id (digits) or an email address')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Actor' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // The server's refusal is in a field: the folded search opens to show it.
    expect(
      screen
        .getByRole('button', { name: 'Search and download (1 on)' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('reads older events a page at a time, and says when a search finds nothing', async () => {
    auditApi({
      [LOG]: () => ({ status: 200, body: { items: [entry()], nextCursor: '40' } }),
      [`${LOG}?cursor=40`]: rows(FAILED_SIGNIN),
      [`${LOG}?action=kyc.decline`]: rows(),
    });
    const router = renderRoute('/admin/audit');
    expect(await screen.findByText('1 event, newest first; more below.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load older events' }));
    expect(await screen.findByText('2 events, newest first.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load older events' })).toBeNull(),
    );
    await router.navigate('/admin/audit?action=kyc.decline');
    expect(
      await screen.findByText(
        'No event matches these filters. Widen the period or clear a filter.',
      ),
    ).toBeTruthy();
  });

  it('downloads the search as CSV, and says why when the server refuses it', async () => {
    let refuse = false;
    const exportPath = `${LOG}/export.csv?action=kyc`;
    auditApi({
      [`${LOG}?action=kyc`]: rows(entry()),
      [exportPath]: () =>
        refuse
          ? problem(
              422,
              'UNPROCESSABLE',
              'This search matches more than 100,000 rows, the most one export holds. Choose a shorter period or add a filter.',
            )
          : { status: 200, body: 'Sequence,Time (UTC)' },
    });
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderRoute('/admin/audit?action=kyc');
    await screen.findByText('1 event, newest first.');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('audit-log.csv');
    expect(saved).toHaveLength(1);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This search matches more than 100,000 rows',
    );
    expect(clicked).toHaveLength(1);
  });

  it('is for holders of audit.read only', async () => {
    mockFetch((path) =>
      path === '/api/v1/auth/session'
        ? { status: 200, body: { me: staffMe(['kyc.review']) } }
        : problem(404, 'NOT_FOUND', path),
    );
    renderRoute('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
  });
});
