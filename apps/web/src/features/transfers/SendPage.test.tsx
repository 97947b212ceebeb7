import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAnswers, fieldProblem } from '../../test-fixtures';
import { callsTo, mockFetch, problem, renderRoute, type FakeResponse } from '../../test-utils';
import {
  availability,
  BENEFICIARIES,
  beneficiarySample,
  LIST,
  noticeProblem,
  TERMS,
  termsSample,
  TRANSFER,
  transferAnswers,
  transferSample,
} from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LABELS = [
  'Bank',
  'SWIFT/BIC code',
  'Routing number',
  'Country',
  'Account number',
  'Account holder name',
  'Currency',
  'Amount',
  'Note',
];

/** The form filled in as a customer would, lower case and spaces included. */
async function fillForm(user: UserEvent) {
  await user.type(screen.getByLabelText('Bank'), 'Deutsche Bank');
  await user.type(screen.getByLabelText('SWIFT/BIC code'), 'deutdeff');
  await user.type(screen.getByLabelText('Routing number'), '021000021');
  await user.selectOptions(screen.getByLabelText('Country'), 'DE');
  await user.type(screen.getByLabelText('Account number'), 'de89 3704 0044 0532 0130 00');
  await user.type(screen.getByLabelText('Account holder name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Amount'), '150.25');
  await user.type(screen.getByLabelText('Note'), 'Rent for March');
}

/** The POSTs to the transfers, with their headers and bodies. */
function creates(fetchMock: ReturnType<typeof mockFetch>) {
  return callsTo(fetchMock, LIST)
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => ({
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)),
    }));
}

/** The transfers API answering a new transfer with `answer` (a draft by default). */
function creating(answer: (body: unknown) => FakeResponse, overrides = {}) {
  const answers = transferAnswers(overrides);
  return mockFetch((path, body) =>
    path === LIST && body !== undefined ? answer(body) : answers(path),
  );
}

describe('Bank Transfer: the send form', () => {
  it('labels every field, marks each required, and offers the account currency only', async () => {
    mockFetch(transferAnswers());
    renderRoute('/dashboard/send');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank Transfer' })).toBeTruthy();
    await screen.findByLabelText('Bank');
    for (const label of LABELS) {
      expect(screen.getByLabelText(label).hasAttribute('required'), label).toBe(true);
    }
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect([...currency.options].map((o) => o.value)).toEqual(['USD']);
    expect(screen.getByText('$1,234.56')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Save this beneficiary' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Transfer steps' })).toBeTruthy();
  });

  it('checks every field by the contract before sending, and sends nothing while one is wrong', async () => {
    const fetchMock = mockFetch(transferAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the bank name')).toBeTruthy();
    expect(screen.getByText('Enter the SWIFT/BIC code')).toBeTruthy();
    expect(screen.getByText('Enter the routing number')).toBeTruthy();
    expect(screen.getByText('Choose the country from the list')).toBeTruthy();
    expect(screen.getByText('Enter the account number')).toBeTruthy();
    expect(screen.getByText('Enter the account holder name')).toBeTruthy();
    expect(screen.getByText('Enter the amount')).toBeTruthy();
    expect(screen.getByText('Enter a note for the recipient')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Bank'));
    expect(screen.getByLabelText('Bank').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('SWIFT/BIC code'), 'DEUT');
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'A SWIFT/BIC code has 8 or 11 characters, the first 6 letters, like DEUTDEFF',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Enter an amount greater than zero')).toBeTruthy();
    expect(creates(fetchMock)).toEqual([]);
  });

  it('makes the transfer with an Idempotency-Key and goes to the review', async () => {
    const fetchMock = creating(() => ({ status: 201, body: transferSample() }));
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send');
    await screen.findByLabelText('Bank');
    await fillForm(user);
    await user.click(screen.getByLabelText('Save this beneficiary'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send/confirm'));
    expect(router.state.location.search).toBe('?id=t1');
    const [sent] = creates(fetchMock);
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toEqual({
      bank: 'Deutsche Bank',
      swift: 'DEUTDEFF',
      currency: 'USD',
      routing: '021000021',
      country: 'DE',
      accountNumber: 'DE89370400440532013000',
      accountHolderName: 'Grace Hopper',
      amount: '150.25',
      note: 'Rent for March',
      saveBeneficiary: true,
    });
  });

  it('comes back to the details as typed when the browser goes back from the review', async () => {
    const fetchMock = creating(() => ({ status: 201, body: transferSample() }));
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send');
    await screen.findByLabelText('Bank');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send/confirm'));

    // Back: the draft's edit page (as Edit on the review), not an empty form.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard/send');
    expect(router.state.location.search).toBe('?id=t1');
    const amount = (await screen.findByLabelText('Amount')) as HTMLInputElement;
    expect(amount.value).toBe('150.25');
    expect((screen.getByLabelText('Account holder name') as HTMLInputElement).value).toBe(
      'Grace Hopper',
    );
    // Forward returns to the review; one transfer was made in all.
    await act(() => router.navigate(1));
    expect(router.state.location.pathname).toBe('/dashboard/send/confirm');
    expect(creates(fetchMock)).toHaveLength(1);
  });

  it('keeps the key when the same details are sent again, and takes a new one when they change', async () => {
    const fetchMock = creating(() => problem(503, 'UNAVAILABLE', 'The service is busy.'));
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await screen.findByLabelText('Bank');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The service is busy.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(creates(fetchMock)).toHaveLength(2));
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '1,150');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(creates(fetchMock)).toHaveLength(3));

    const keys = creates(fetchMock).map((call) => call.headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // Typed as people write it, sent as the API reads it.
    expect(creates(fetchMock)[2]?.body.amount).toBe('1150.00');
  });

  it("puts the server's objection on its field", async () => {
    creating(() => fieldProblem('body.swift', 'We do not know this SWIFT/BIC code'));
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await screen.findByLabelText('Bank');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We do not know this SWIFT/BIC code')).toBeTruthy();
    const swift = screen.getByLabelText('SWIFT/BIC code');
    expect(swift.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(swift));
    // Said on the field, not again above the form.
    expect(screen.queryByText('Some fields are missing or not valid.')).toBeNull();
  });

  it('shows a refusal with a notice in the dialog; Okay returns to the form as it was', async () => {
    creating(() =>
      noticeProblem('Daily limit reached', 'Your plan lets you send $5,000.00 a day.'),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await screen.findByLabelText('Bank');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily limit reached' });
    expect(within(dialog).getByText('Your plan lets you send $5,000.00 a day.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('150.25');
  });

  it('fills the recipient from a saved beneficiary, and removes one after asking', async () => {
    let saved = [
      beneficiarySample(),
      beneficiarySample({ id: 'b2', accountHolderName: 'Ada Byron', accountNumber: '12345678' }),
    ];
    const answers = transferAnswers();
    const fetchMock = mockFetch((path) => {
      if (path === BENEFICIARIES) return { status: 200, body: { items: saved } };
      if (path === `${BENEFICIARIES}/b2`) {
        saved = saved.filter((b) => b.id !== 'b2');
        return { status: 204 };
      }
      return answers(path);
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    const list = await screen.findByRole('region', { name: 'Saved beneficiaries' });
    await user.click(
      within(list).getByRole('button', { name: /Use\s*Charles Babbage.*ending 6819/ }),
    );
    expect((screen.getByLabelText('Bank') as HTMLInputElement).value).toBe('Barclays');
    expect((screen.getByLabelText('SWIFT/BIC code') as HTMLInputElement).value).toBe('BARCGB22');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('GB');
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe(
      'GB29NWBK60161331926819',
    );
    expect((screen.getByLabelText('Account holder name') as HTMLInputElement).value).toBe(
      'Charles Babbage',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    expect(screen.getByText('Charles Babbage’s details are filled in.')).toBeTruthy();
    // Already saved: not saved a second time.
    expect((screen.getByLabelText('Save this beneficiary') as HTMLInputElement).checked).toBe(
      false,
    );

    await user.click(within(list).getByRole('button', { name: 'Remove Ada Byron, ending 5678' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this beneficiary?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('Ada Byron')).toBeNull());
    expect(within(list).getByText('Ada Byron was removed from your beneficiaries.')).toBeTruthy();
    const removal = callsTo(fetchMock, `${BENEFICIARIES}/b2`)[0];
    expect(removal?.[1]?.method).toBe('DELETE');
  });

  it('lists the transfers sent with their status, or says there are none', async () => {
    mockFetch(transferAnswers());
    renderRoute('/dashboard/send');
    const recent = await screen.findByRole('region', { name: 'Recent transfers' });
    expect(
      await within(recent).findByText(
        'No transfers yet. The transfers you send show here with their status.',
      ),
    ).toBeTruthy();
    cleanup();

    mockFetch(
      transferAnswers({
        [LIST]: {
          status: 200,
          body: {
            items: [
              transferSample({
                id: 't3',
                stage: 'submitted',
                status: 'in_progress',
                submittedAt: '2026-11-24T10:05:00.000Z',
              }),
              transferSample({
                id: 't2',
                stage: 'submitted',
                status: 'failed',
                accountHolderName: 'Alan Turing',
                amount: '5000',
                failureReason: 'The account is closed',
                submittedAt: '2026-11-20T10:05:00.000Z',
              }),
            ],
          },
        },
      }),
    );
    renderRoute('/dashboard/send');
    const list = await screen.findByRole('region', { name: 'Recent transfers' });
    const rows = await within(list).findAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Grace Hopper')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('$150.25')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('in progress')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('24/11/2026')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('failed')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByText(
        'Reason: The account is closed. The amount and the charge were refunded.',
      ),
    ).toBeTruthy();
  });

  it('edits a draft from the review: the form starts from it and sends it back with PUT', async () => {
    const answers = transferAnswers();
    const fetchMock = mockFetch((path, body) => {
      if (path === TRANSFER && body !== undefined) {
        return { status: 200, body: transferSample({ amount: '20000' }) };
      }
      return answers(path);
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send?id=t1');
    const amount = (await screen.findByLabelText('Amount')) as HTMLInputElement;
    expect(amount.value).toBe('150.25');
    expect((screen.getByLabelText('Account holder name') as HTMLInputElement).value).toBe(
      'Grace Hopper',
    );
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send/confirm'));
    const put = callsTo(fetchMock, TRANSFER).find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body)).amount).toBe('200.00');
    // An edit is not a new transfer; it carries the key of its own intent (lib/intent-keys).
    expect((put?.[1]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(creates(fetchMock)).toEqual([]);
  });

  it('makes a new transfer from the details of one already sent', async () => {
    const fetchMock = creating(() => ({ status: 201, body: transferSample({ id: 't9' }) }), {
      [TRANSFER]: {
        status: 200,
        body: transferSample({ stage: 'submitted', status: 'in_progress' }),
      },
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send?id=t1');
    expect(await screen.findByText(/That transfer was already sent/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=t9'));
    expect(creates(fetchMock)).toHaveLength(1);
    expect(callsTo(fetchMock, TRANSFER).some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('says so where bank transfers are switched off, and sends a customer without a PIN to create one', async () => {
    mockFetch(transferAnswers({ '/api/v1/availability': availability(false) }));
    renderRoute('/dashboard/send');
    expect(await screen.findByText('Not available for your region')).toBeTruthy();
    expect(screen.queryByLabelText('Bank')).toBeNull();
    cleanup();

    mockFetch(
      bankAnswers({ '/api/v1/pin': { status: 200, body: { hasPin: false, lockedUntil: null } } }),
    );
    const router = renderRoute('/dashboard/send');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/pincreation'));
    await act(() => Promise.resolve());
  });

  it('shows the charge and what the recipient gets as soon as an amount is typed, the server’s arithmetic', async () => {
    mockFetch(transferAnswers());
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    const amount = await screen.findByLabelText('Amount');
    expect(
      screen.getByText('The service charge is 0.5 % of the amount, taken from it.'),
    ).toBeTruthy();
    await user.type(amount, '250');
    expect(screen.getByText('Service charge (0.5 %)')).toBeTruthy();
    expect(screen.getByText('$1.25')).toBeTruthy();
    expect(screen.getByText('Recipient gets')).toBeTruthy();
    expect(screen.getByText('$248.75')).toBeTruthy();
    // 0.5 % of 1,234.57 is 6.17285: the same rounding as the server's.
    await user.clear(amount);
    await user.type(amount, '1,234.57');
    expect(screen.getByText('$6.17')).toBeTruthy();
    expect(screen.getByText('$1,228.40')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('checks the balance and the day’s limit on this first step, and sends nothing', async () => {
    const fetchMock = mockFetch(
      transferAnswers({ [TERMS]: { status: 200, body: termsSample({ leftToday: '10000' }) } }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await screen.findByLabelText('Bank');
    await fillForm(user);
    const amount = screen.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Insufficient balance: your available balance is $1,234.56'),
    ).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '150');
    expect(
      await screen.findByText(
        'Your Basic plan lets you send up to $10,000.00 a day: you can send up to $100.00 more today',
      ),
    ).toBeTruthy();
    expect(creates(fetchMock)).toEqual([]);
  });

  it('clears a field’s error as soon as the field is fixed, the server’s too', async () => {
    creating(() => fieldProblem('body.swift', 'We do not know this SWIFT/BIC code'));
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the bank name')).toBeTruthy();
    await user.type(screen.getByLabelText('Bank'), 'D');
    expect(screen.queryByText('Enter the bank name')).toBeNull();
    expect(screen.getByLabelText('Bank').getAttribute('aria-invalid')).toBeNull();
    // Still wrong: the message says what is wrong now.
    await user.type(screen.getByLabelText('SWIFT/BIC code'), 'DEU');
    expect(
      screen.getByText(
        'A SWIFT/BIC code has 8 or 11 characters, the first 6 letters, like DEUTDEFF',
      ),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('Bank'));
    await fillForm(user);
    await user.clear(screen.getByLabelText('SWIFT/BIC code'));
    await user.type(screen.getByLabelText('SWIFT/BIC code'), 'DEUTDEFF');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We do not know this SWIFT/BIC code')).toBeTruthy();
    await user.type(screen.getByLabelText('SWIFT/BIC code'), 'XXX');
    expect(screen.queryByText('We do not know this SWIFT/BIC code')).toBeNull();
  });
});
