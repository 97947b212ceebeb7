import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldProblem } from '../../test-fixtures';
import { callsTo, mockFetch, renderRoute, type FakeResponse } from '../../test-utils';
import {
  BENEFICIARIES,
  beneficiarySample,
  LIST,
  PAYEE_CHECKS,
  payeeCheckSample,
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

/** The transfers API with a payee check answered by `check`, and new transfers by `create`. */
function bank(
  check: (body: unknown) => FakeResponse,
  overrides: Record<string, FakeResponse> = {},
  create: () => FakeResponse = () => ({
    status: 201,
    body: transferSample({ id: 't7', internal: true }),
  }),
) {
  const answers = transferAnswers(overrides);
  return mockFetch((path, body) => {
    if (path === PAYEE_CHECKS) return check(body);
    if (path === LIST && body !== undefined) return create();
    return answers(path);
  });
}

const posted = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  callsTo(fetchMock, path)
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

async function chooseCustomer(user: UserEvent) {
  await user.click(await screen.findByRole('radio', { name: /To a Cedar Bank customer/ }));
}

async function checkPayee(user: UserEvent, account = '5928 387 132', name = 'Ngozi Eze') {
  await user.type(screen.getByLabelText('Their account number'), account);
  await user.type(screen.getByLabelText('Their name'), name);
  await user.click(screen.getByRole('button', { name: 'Check the account' }));
}

describe('Bank Transfer: to a Cedar Bank customer', () => {
  it('checks the payee, shows the holder masked, and sends the spec’s fields with no charge', async () => {
    const fetchMock = bank(() => ({ status: 200, body: payeeCheckSample() }));
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send');
    await chooseCustomer(user);
    // Nothing to pay with until the payee is checked and confirmed.
    const customerForm = screen.getByRole('region', { name: 'Payment to a Cedar Bank customer' });
    expect(within(customerForm).queryByLabelText('Amount')).toBeNull();
    await checkPayee(user);

    const result = await screen.findByRole('region', { name: 'Account holder' });
    expect(within(result).getByText('Ngozi E.')).toBeTruthy();
    expect(within(result).getByText('The name matches')).toBeTruthy();
    expect(document.activeElement).toBe(result);
    expect(posted(fetchMock, PAYEE_CHECKS)).toEqual([
      { accountNumber: '5928387132', name: 'Ngozi Eze' },
    ]);
    await user.click(within(result).getByRole('button', { name: 'Yes, pay Ngozi E.' }));

    const form = screen.getByRole('region', { name: 'Payment to a Cedar Bank customer' });
    const amount = within(form).getByLabelText('Amount');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(
      within(form).getByText('No service charge between customers of this bank.'),
    ).toBeTruthy();
    await user.type(amount, '50');
    expect(within(form).getByText('No service charge')).toBeTruthy();
    expect(within(form).getByText('$0.00')).toBeTruthy();
    expect(within(form).getByText('$50.00')).toBeTruthy();
    await user.type(within(form).getByLabelText('Note'), 'Dinner');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/send/confirm'));
    expect(router.state.location.search).toBe('?id=t7');
    expect(posted(fetchMock, LIST)).toEqual([
      {
        bank: 'Cedar Bank',
        swift: 'CEDRUS33',
        currency: 'USD',
        routing: '123456789',
        country: 'US',
        accountNumber: '5928387132',
        accountHolderName: 'Ngozi E.',
        amount: '50.00',
        note: 'Dinner',
        saveBeneficiary: false,
        payeeToken: payeeCheckSample().token,
      },
    ]);
  });

  it('says when the typed name does not match, before any money moves', async () => {
    const fetchMock = bank(() => ({
      status: 200,
      body: payeeCheckSample({ match: 'no_match', typedName: 'John Smith' }),
    }));
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await chooseCustomer(user);
    await checkPayee(user, '5928387132', 'John Smith');
    const result = await screen.findByRole('region', { name: 'Account holder' });
    expect(within(result).getByText('The name does not match')).toBeTruthy();
    expect(
      within(result).getByText(
        /does not match the account holder’s name\. Check the account number/,
      ),
    ).toBeTruthy();
    expect(within(result).getByText(/you typed “John Smith”/)).toBeTruthy();
    const form = screen.getByRole('region', { name: 'Payment to a Cedar Bank customer' });
    expect(within(form).queryByLabelText('Amount')).toBeNull();

    // Another person: a new check.
    await user.type(within(form).getByLabelText('Their name'), 'x');
    expect(screen.queryByRole('region', { name: 'Account holder' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Check the account' }));
    const again = await screen.findByRole('region', { name: 'Account holder' });
    expect(
      within(again).getByRole('button', { name: 'I have checked: pay Ngozi E.' }),
    ).toBeTruthy();
    expect(posted(fetchMock, PAYEE_CHECKS)).toHaveLength(2);
    expect(posted(fetchMock, LIST)).toEqual([]);
  });

  it('isolates a right-to-left name, so its full stop stays at its own end', async () => {
    bank(() => ({
      status: 200,
      body: payeeCheckSample({ name: 'سارة ا.', typedName: 'سارة الحربي' }),
    }));
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await chooseCustomer(user);
    await checkPayee(user, '5928387132', 'سارة الحربي');
    const result = await screen.findByRole('region', { name: 'Account holder' });
    expect(within(result).getByText('سارة ا.').tagName).toBe('BDI');
    expect(within(result).getByRole('button', { name: 'Yes, pay سارة ا.' })).toBeTruthy();
  });

  it('puts the bank’s refusal on the account number, cleared as soon as it is changed', async () => {
    bank(() =>
      fieldProblem(
        'body.accountNumber',
        'No Cedar Bank customer has this account number. Check it with the person you are paying.',
      ),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    await chooseCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Check the account' }));
    expect(await screen.findByText('Enter the account number')).toBeTruthy();
    await user.type(screen.getByLabelText('Their account number'), '12345');
    expect(screen.getByText('An account number of this bank has 10 digits')).toBeTruthy();
    await user.type(screen.getByLabelText('Their account number'), '67890');
    expect(screen.queryByText('An account number of this bank has 10 digits')).toBeNull();
    await user.type(screen.getByLabelText('Their name'), 'Ngozi Eze');
    await user.click(screen.getByRole('button', { name: 'Check the account' }));
    const refusal = await screen.findByText(/No Cedar Bank customer has this account number/);
    const input = screen.getByLabelText('Their account number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(refusal).toBeTruthy();
    await user.type(input, '{Backspace}1');
    expect(screen.queryByText(/No Cedar Bank customer has this account number/)).toBeNull();
  });

  it('is not offered until the bank’s own details are published', async () => {
    mockFetch(transferAnswers({ [TERMS]: { status: 200, body: termsSample({ bank: null }) } }));
    renderRoute('/dashboard/send');
    const choice = await screen.findByRole('radio', { name: /To a Cedar Bank customer/ });
    expect((choice as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Not available yet: the bank is still setting it up.')).toBeTruthy();
    expect(screen.queryByLabelText('Their account number')).toBeNull();
  });

  it('a saved beneficiary at this bank opens this form with the account number, to check again', async () => {
    const saved = beneficiarySample({
      id: 'b3',
      bank: 'Cedar Bank',
      swift: 'CEDRUS33',
      routing: '123456789',
      country: 'US',
      accountNumber: '5928387132',
      accountHolderName: 'Ngozi E.',
    });
    bank(() => ({ status: 200, body: payeeCheckSample({ typedName: 'Ngozi E.' }) }), {
      [BENEFICIARIES]: { status: 200, body: { items: [saved] } },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send');
    const list = await screen.findByRole('region', { name: 'Saved beneficiaries' });
    await user.click(within(list).getByRole('button', { name: /Use\s*Ngozi E\./ }));
    expect(
      (screen.getByRole('radio', { name: /To a Cedar Bank customer/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Their account number') as HTMLInputElement).value).toBe(
      '5928387132',
    );
    expect((screen.getByLabelText('Their name') as HTMLInputElement).value).toBe('Ngozi E.');
    expect(document.activeElement).toBe(screen.getByLabelText('Their name'));
  });
});

describe('Bank Transfer: send again', () => {
  it('fills the form from a transfer to another bank and makes a new one', async () => {
    const fetchMock = bank(() => ({ status: 500 }), {
      [TRANSFER]: {
        status: 200,
        body: transferSample({ stage: 'submitted', status: 'successful' }),
      },
    });
    const user = userEvent.setup();
    const router = renderRoute('/dashboard/send?again=t1');
    expect(await screen.findByText(/Sending again to Grace Hopper/)).toBeTruthy();
    expect((screen.getByLabelText('Bank') as HTMLInputElement).value).toBe('Deutsche Bank');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('150.25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=t7'));
    expect(posted(fetchMock, LIST)).toHaveLength(1);
    expect(callsTo(fetchMock, TRANSFER).some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('a transfer to a Cedar Bank customer starts the customer form, to be checked again', async () => {
    const sent = transferSample({
      stage: 'submitted',
      status: 'successful',
      internal: true,
      bank: 'Cedar Bank',
      swift: 'CEDRUS33',
      accountNumber: '5928387132',
      accountHolderName: 'Ngozi E.',
      fee: '0',
      feeRateBp: 0,
      payeeCheck: { typedName: 'Ngozi', match: 'close_match' },
    });
    bank(() => ({ status: 200, body: payeeCheckSample({ typedName: 'Ngozi' }) }), {
      [TRANSFER]: { status: 200, body: sent },
    });
    const user = userEvent.setup();
    renderRoute('/dashboard/send?again=t1');
    expect(await screen.findByText(/Sending again to Ngozi E\./)).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: /To a Cedar Bank customer/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Their account number') as HTMLInputElement).value).toBe(
      '5928387132',
    );
    expect((screen.getByLabelText('Their name') as HTMLInputElement).value).toBe('Ngozi');
    await user.click(screen.getByRole('button', { name: 'Check the account' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, pay Ngozi E.' }));
    const form = screen.getByRole('region', { name: 'Payment to a Cedar Bank customer' });
    expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe('150.25');
  });
});
