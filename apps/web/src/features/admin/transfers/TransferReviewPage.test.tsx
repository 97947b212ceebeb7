import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  mockFetch,
  problem,
  renderRoute,
  sentBodyTo,
  type FakeResponse,
} from '../../../test-utils';
import { staffMe, staffTransferSample } from '../shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROCESSOR = staffMe(['transfers.process']);

const PATH = '/api/v1/staff/transfers/41';
const COMPLETE = `${PATH}/complete`;
const FAIL = `${PATH}/fail`;

const transfer = staffTransferSample;

/**
 * A fake API holding one transfer: the decision endpoints answer with `answers` (by path) or,
 * by default, decide the transfer as the server would; the transfer is then read as decided.
 */
function staffApi(answers: Record<string, (body: unknown) => FakeResponse> = {}) {
  let current = transfer();
  const decided = { decidedAt: '2026-11-21T11:00:00.000Z', decidedBy: 'Grace Hopper' };
  return mockFetch((path, body) => {
    const custom = answers[path];
    if (custom) return custom(body);
    if (path === '/api/v1/auth/session') return { status: 200, body: { me: PROCESSOR } };
    if (path === PATH) return { status: 200, body: current };
    if (path === COMPLETE) {
      const { reference } = body as { reference: string };
      current = { ...current, ...decided, status: 'successful', reference };
      return { status: 200, body: current };
    }
    if (path === FAIL) {
      const { reason } = body as { reason: string };
      current = { ...current, ...decided, status: 'failed', failureReason: reason };
      return { status: 200, body: current };
    }
    if (path.startsWith('/api/v1/staff/transfers?'))
      return { status: 200, body: { items: [], nextCursor: null } };
    return problem(404, 'NOT_FOUND', `unexpected ${path}`);
  });
}

async function referenceField() {
  return (await screen.findByLabelText(/^Payment reference/)) as HTMLInputElement;
}

/** The text a dialog is described by (what confirming does). */
function descriptionOf(dialog: HTMLElement): string {
  return document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
}

describe('processing one outgoing transfer', () => {
  it('lays out what to send, to whom and where, and who asked', async () => {
    staffApi();
    renderRoute('/admin/transfers/41');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transfer 41: Ama Mensah' }),
    ).toBeTruthy();
    expect(document.title).toBe('Transfer 41 · Outgoing transfers · Cedar Bank');

    const payment = within(screen.getByRole('region', { name: 'Payment to send' }));
    const term = (name: string) => {
      const dt = payment.getByText(name, { selector: 'dt' });
      return dt.nextElementSibling?.textContent ?? '';
    };
    expect(term('Amount to be received')).toContain('$900.00');
    expect(term('Currency')).toBe('USD');
    expect(term('Account holder')).toContain('Jonas Weber');
    expect(term('Account number')).toContain('DE89370400440532013000');
    expect(term('Bank')).toContain('Deutsche Bank');
    expect(term('SWIFT/BIC')).toContain('DEUTDEFF');
    expect(term('Routing number')).toContain('50070010');
    expect(term('Country')).toBe('Germany (DE)');
    expect(term('Note for the recipient')).toContain('Rent for December');
    expect(payment.getByRole('button', { name: 'Copy account number' })).toBeTruthy();
    expect(payment.getByRole('button', { name: 'Copy SWIFT/BIC' })).toBeTruthy();

    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText('Ama Mensah')).toBeTruthy();
    expect(customer.getByText('ama@example.com')).toBeTruthy();
    expect(customer.getByText('4000000017')).toBeTruthy();
    expect(customer.getByText('$1,000.00')).toBeTruthy();
    expect(customer.getByText('$100.00 (10 %)')).toBeTruthy();
    const authorized = customer.getByText('Authorized with', { selector: 'dt' }).nextElementSibling;
    expect(Array.from(authorized?.querySelectorAll('li') ?? [], (li) => li.textContent)).toEqual([
      expect.stringMatching(/^Transaction PIN, /),
      expect.stringMatching(/^Emailed code, bound to this amount and payee, /),
    ]);

    expect(screen.getByRole('heading', { name: 'Decision' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Decision taken' })).toBeNull();
    expect(await referenceField()).toBeTruthy();
    expect(screen.getByLabelText(/^Reason for the customer/)).toBeTruthy();
  });

  it('names the passkey that approved the transfer in place of the code', async () => {
    const approved = transfer({
      authorization: {
        pinAt: '2026-11-20T09:28:00.000Z',
        stepUp: { method: 'passkey', at: '2026-11-20T09:29:00.000Z', passkey: 'Work laptop' },
      },
    });
    mockFetch((path) => {
      if (path === '/api/v1/auth/session') return { status: 200, body: { me: PROCESSOR } };
      if (path === PATH) return { status: 200, body: approved };
      return problem(404, 'NOT_FOUND', 'No such page');
    });
    renderRoute('/admin/transfers/41');
    const customer = within(await screen.findByRole('region', { name: 'Customer' }));
    const authorized = customer.getByText('Authorized with', { selector: 'dt' }).nextElementSibling;
    expect(authorized?.textContent).toContain(
      'Passkey “Work laptop”, bound to this amount and payee',
    );
  });

  it('copies a detail as it stands, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    staffApi();
    renderRoute('/admin/transfers/41');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Copy amount to be received' }),
    );
    expect(writeText).toHaveBeenCalledWith('900.00');
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });

  it('marks the transfer successful with its reference, once confirmed, and shows the outcome', async () => {
    const fetchMock = staffApi();
    renderRoute('/admin/transfers/41');
    await userEvent.type(await referenceField(), '  FT2611210042 ');
    await userEvent.click(screen.getByRole('button', { name: 'Mark successful' }));

    const dialog = screen.getByRole('dialog', { name: 'Mark this transfer successful?' });
    expect(descriptionOf(dialog)).toBe(
      'Only once $900.00 has gone to Jonas Weber at Deutsche Bank. The transfer is recorded as successful with the reference "FT2611210042", and Ama Mensah is told. This cannot be undone.',
    );
    expect(callsTo(fetchMock, COMPLETE)).toHaveLength(0);
    // The safe choice has the focus: an Enter pressed out of habit cancels.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark successful' }));

    const outcome = await screen.findByText(
      'Marked successful with the reference FT2611210042. Ama Mensah has been told.',
    );
    expect(sentBodyTo(fetchMock, COMPLETE)).toEqual({ reference: 'FT2611210042' });
    const [, init] = callsTo(fetchMock, COMPLETE)[0] ?? [];
    expect(new Headers(init?.headers).get('x-bank-csrf')).toBe('1');
    expect(document.activeElement?.contains(outcome)).toBe(true);

    const decided = within(await screen.findByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('Successful')).toBeTruthy();
    expect(decided.getByText('FT2611210042')).toBeTruthy();
    expect(decided.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Payment' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The transfer (and any queue) is read again after the decision.
    await waitFor(() => expect(callsTo(fetchMock, PATH).length).toBeGreaterThanOrEqual(2));
    expect(callsTo(fetchMock, FAIL)).toHaveLength(0);
  });

  it('marks the transfer failed with a reason, saying the customer is refunded', async () => {
    const fetchMock = staffApi();
    renderRoute('/admin/transfers/41');
    const reason = await screen.findByLabelText(/^Reason for the customer/);
    await userEvent.type(reason, 'The receiving bank returned the payment: account closed.');
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));

    const dialog = screen.getByRole('dialog', { name: 'Mark this transfer failed?' });
    expect(descriptionOf(dialog)).toContain(
      'Ama Mensah gets the full $1,000.00 back, service charge included, and is told your reason.',
    );
    expect(descriptionOf(dialog)).toContain('This cannot be undone.');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Mark failed and refund $1,000.00' }),
    );

    expect(
      await screen.findByText(
        'Marked failed. $1,000.00 has been refunded to Ama Mensah, who has been told why.',
      ),
    ).toBeTruthy();
    expect(sentBodyTo(fetchMock, FAIL)).toEqual({
      reason: 'The receiving bank returned the payment: account closed.',
    });
    const decided = within(await screen.findByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('Failed')).toBeTruthy();
    expect(decided.getByText('$1,000.00, service charge included')).toBeTruthy();
    expect(
      decided.getByText('The receiving bank returned the payment: account closed.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, COMPLETE)).toHaveLength(0);
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const fetchMock = staffApi();
    renderRoute('/admin/transfers/41');
    const reference = await referenceField();
    await userEvent.type(reference, 'FT2611210042');
    const button = screen.getByRole('button', { name: 'Mark successful' });
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(callsTo(fetchMock, COMPLETE)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Decision' })).toBeTruthy();
  });

  it('asks for a reference and a reason before anything is confirmed or sent', async () => {
    const fetchMock = staffApi();
    renderRoute('/admin/transfers/41');
    const reference = await referenceField();
    await userEvent.click(screen.getByRole('button', { name: 'Mark successful' }));
    expect(await screen.findByText('Enter the reference of the payment as sent')).toBeTruthy();
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(reference.getAttribute('aria-describedby')).toContain(
      screen.getByText('Enter the reference of the payment as sent').id,
    );
    await userEvent.type(reference, ' ab ');
    await userEvent.click(screen.getByRole('button', { name: 'Mark successful' }));
    expect(await screen.findByText('Enter the reference of the payment as sent')).toBeTruthy();

    const reason = screen.getByLabelText(/^Reason for the customer/);
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText('Give the customer a reason')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(reason, 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText('Give the customer a reason')).toBeTruthy();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, COMPLETE)).toHaveLength(0);
    expect(callsTo(fetchMock, FAIL)).toHaveLength(0);
  });

  it("puts the server's refusal of the reference on its field", async () => {
    staffApi({
      [COMPLETE]: () =>
        problem(400, 'VALIDATION_FAILED', 'Some fields are missing or not valid.', [
          { path: 'body.reference', message: 'Use letters, digits and dashes' },
        ]),
    });
    renderRoute('/admin/transfers/41');
    const reference = await referenceField();
    await userEvent.type(reference, 'FT 26 ✓');
    await userEvent.click(screen.getByRole('button', { name: 'Mark successful' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark successful' }),
    );

    expect(await screen.findByText('Use letters, digits and dashes')).toBeTruthy();
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reference));
    expect(screen.queryByText('Some fields are missing or not valid.')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Decision' })).toBeTruthy();
  });

  it('keeps the dialog open with the reason when the decision could not be made', async () => {
    let down = true;
    const fetchMock = staffApi({
      [FAIL]: () =>
        down
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : {
              status: 200,
              body: transfer({
                status: 'failed',
                failureReason: 'Account closed.',
                decidedBy: 'Grace Hopper',
                decidedAt: '2026-11-21T11:00:00.000Z',
              }),
            },
    });
    renderRoute('/admin/transfers/41');
    await userEvent.type(
      await screen.findByLabelText(/^Reason for the customer/),
      'Account closed.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Mark failed and refund $1,000.00' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The service is busy, try again.');
    down = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Mark failed and refund $1,000.00' }));
    expect(await screen.findByText(/^Marked failed\./)).toBeTruthy();
    expect(callsTo(fetchMock, FAIL)).toHaveLength(2);
  });

  it('says when someone else decided first, and shows their decision', async () => {
    let reads = 0;
    const fetchMock = staffApi({
      [PATH]: () => {
        reads += 1;
        return {
          status: 200,
          body:
            reads === 1
              ? transfer()
              : transfer({
                  status: 'failed',
                  failureReason: 'The beneficiary bank refused the payment.',
                  decidedAt: '2026-11-21T10:58:00.000Z',
                  decidedBy: 'Alan Turing',
                }),
        };
      },
      [COMPLETE]: () => problem(409, 'CONFLICT', 'This transfer was already decided.'),
    });
    renderRoute('/admin/transfers/41');
    await userEvent.type(await referenceField(), 'FT2611210042');
    await userEvent.click(screen.getByRole('button', { name: 'Mark successful' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark successful' }),
    );

    expect(
      await screen.findByText(
        'Someone else decided this transfer first: it was marked failed by Alan Turing. Your decision was not applied; the transfer below is as it stands now.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, COMPLETE)).toHaveLength(1);
    expect(callsTo(fetchMock, PATH)).toHaveLength(2);
    const decided = within(screen.getByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('The beneficiary bank refused the payment.')).toBeTruthy();
    expect(decided.getByText('Alan Turing')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
    expect(screen.queryByLabelText(/^Payment reference/)).toBeNull();
  });

  it('shows a decided transfer as it stands, with nothing left to decide', async () => {
    staffApi({
      [PATH]: () => ({
        status: 200,
        body: transfer({
          status: 'successful',
          reference: 'FT2611210042',
          decidedAt: '2026-11-21T11:00:00.000Z',
          decidedBy: 'Alan Turing',
        }),
      }),
    });
    renderRoute('/admin/transfers/41');
    const decided = within(await screen.findByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('FT2611210042')).toBeTruthy();
    expect(decided.getByText('Alan Turing')).toBeTruthy();
    expect(decided.getByText('21/11/2026', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Payment to send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark successful' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark failed' })).toBeNull();
  });

  it('says an internal transfer settled at once, with nothing to send', async () => {
    staffApi({
      [PATH]: () => ({
        status: 200,
        body: transfer({
          internal: true,
          status: 'successful',
          bank: 'Cedar Bank',
          reference: null,
          decidedAt: '2026-11-20T09:30:00.000Z',
        }),
      }),
    });
    renderRoute('/admin/transfers/41');
    expect(await screen.findByText(/it settled at once between the two customers/)).toBeTruthy();
    expect(screen.getByText('Internal')).toBeTruthy();
    const decided = within(screen.getByRole('region', { name: 'Decision taken' }));
    expect(decided.getByText('Settled at once, no staff step')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
  });

  it('shows a failed load and tries again', async () => {
    let fail = true;
    staffApi({
      [PATH]: () =>
        fail
          ? problem(503, 'UNAVAILABLE', 'The service is busy, try again.')
          : { status: 200, body: transfer() },
    });
    renderRoute('/admin/transfers/41');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy, try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Transfer 41: Ama Mensah' })).toBeTruthy();
  });

  it('says when the transfer does not exist', async () => {
    staffApi({ [PATH]: () => problem(404, 'NOT_FOUND', 'No such transfer') });
    renderRoute('/admin/transfers/41');
    expect(await screen.findByRole('heading', { name: 'Transfer not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('tells staff without the transfers role plainly, asking nothing of the API', async () => {
    const fetchMock = staffApi({
      '/api/v1/auth/session': () => ({
        status: 200,
        body: { me: { ...PROCESSOR, permissions: ['kyc.review'] } },
      }),
    });
    renderRoute('/admin/transfers/41');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(callsTo(fetchMock, PATH)).toHaveLength(0);
  });

  it('at or above the threshold, sends the refund for approval and shows it waiting', async () => {
    const proposal = {
      id: '9',
      summary: 'Refund $1,000.00 of a failed transfer to Jonas Weber (Deutsche Bank)',
      proposedBy: 'Grace Hopper',
      proposedAt: '2026-11-21T11:00:00.000Z',
    };
    let current = transfer({ dualControlThreshold: '100000' });
    const fetchMock = staffApi({
      [PATH]: () => ({ status: 200, body: current }),
      [FAIL]: () => {
        current = { ...current, proposal };
        return { status: 202, body: current };
      },
    });
    renderRoute('/admin/transfers/41');
    const reason = await screen.findByLabelText(/^Reason for the customer/);
    expect(
      screen.getByText(/Refunds of \$1,000\.00 or more need a second person/, { exact: false }),
    ).toBeTruthy();
    await userEvent.type(reason, 'Account closed at the receiving bank.');
    await userEvent.click(screen.getByRole('button', { name: 'Mark failed: send for approval' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this refund for approval?' });
    expect(descriptionOf(dialog)).toContain('nothing moves until they approve it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for approval' }));

    expect(await screen.findByText(/The refund of \$1,000\.00 was sent for approval/)).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: 'Open proposal 9' });
    expect(links.every((l) => l.getAttribute('href') === '/admin/approvals/9')).toBe(true);
    expect(sentBodyTo(fetchMock, FAIL)).toEqual({
      reason: 'Account closed at the receiving bank.',
    });
    const waiting = await screen.findByRole('region', { name: 'Waiting for a second person' });
    expect(waiting.textContent).toContain(proposal.summary);
    expect(screen.queryByRole('button', { name: 'Mark successful' })).toBeNull();
    expect(screen.queryByLabelText(/^Reason for the customer/)).toBeNull();
  });
});
