import { describe, expect, it } from 'vitest';
import {
  checkLedger,
  ensureInternalAccounts,
  generateAccountNumber,
  openCustomerAccount,
} from '../../src/ledger/index.js';
import { testClock } from '../helpers/app.js';
import { engineName } from '../helpers/database.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { OWN_SWIFT, PIN, TRANSFERS, details, transferHelpers } from './setup.js';

/**
 * Paying a customer of this bank by account number (decision 24): the payee check shows the
 * holder's name masked and how the typed name compares, refuses alike what is not a customer's
 * account, and its token settles the payee without the payer ever reading the full name.
 */
const clock = testClock();
const suite = useTestApp({ clock });
const t = transferHelpers(suite);

type Json = Record<string, unknown>;

async function bank() {
  await t.ownSwift();
  return t;
}

describe(`paying a customer of this bank by account number (${engineName})`, () => {
  it('shows the holder masked and says whether the typed name matches', async () => {
    await bank();
    const payer = await t.sender(100_000n, { firstName: 'Amara' });
    const ngozi = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const cases: [string, string][] = [
      ['Ngozi Eze', 'match'],
      ['  EZE ngozi ', 'match'],
      ['Ngozi E.', 'match'],
      ['N. Eze', 'match'],
      ['Ngozi Ezeh', 'close_match'],
      ['Ngozi', 'close_match'],
      ['Mrs Ngozi Eze', 'close_match'],
      ['Ngozi Okafor', 'no_match'],
      ['Grace Hopper', 'no_match'],
    ];
    for (const [typed, match] of cases) {
      const res = await t.check(payer.client, ngozi.accountNumber, typed);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Json;
      expect(body, typed).toMatchObject({
        accountNumber: ngozi.accountNumber,
        name: 'Ngozi E.',
        match,
      });
      // The holder's surname is never in the answer unless the payer typed it.
      if (!typed.toLowerCase().includes('eze')) expect(res.body).not.toMatch(/eze/i);
    }
    // Spaces and dashes as people write account numbers.
    const spaced = `${ngozi.accountNumber.slice(0, 4)} ${ngozi.accountNumber.slice(4)}`;
    expect((await t.check(payer.client, spaced, 'Ngozi Eze')).json()).toMatchObject({
      accountNumber: ngozi.accountNumber,
      match: 'match',
    });
  });

  it('masks names of other scripts without giving away a one-character family name', async () => {
    await bank();
    const payer = await t.sender(100_000n);
    const names: [{ firstName: string; lastName: string }, string, string][] = [
      [{ firstName: 'Анна', lastName: 'Смирнова' }, 'Анна С.', 'анна смирнова'],
      [{ firstName: 'محمد', lastName: 'علي' }, 'محمد ع.', 'محمد علي'],
      [{ firstName: 'Zoë', lastName: 'Ødegård' }, 'Zoë Ø.', 'Zoe Odegard'],
      [{ firstName: '小明', lastName: '王' }, '*小明', '王小明'],
      [{ firstName: '민준', lastName: '김' }, '*민준', '김 민준'],
    ];
    for (const [holder, masked, typed] of names) {
      const to = await t.sender(0n, holder);
      const res = await t.check(payer.client, to.accountNumber, typed);
      expect(res.json(), typed).toMatchObject({ name: masked, match: 'match' });
      if (masked.startsWith('*')) expect(res.body).not.toContain(`"name":"${holder.lastName}`);
    }
  });

  it('answers alike for what is not a customer’s current account, and says no more for the rest', async () => {
    await bank();
    const payer = await t.sender(100_000n);
    const other = await t.sender(0n);
    const internal = await ensureInternalAccounts(suite.database.db, 'USD');
    const deposit = await openCustomerAccount(suite.database.db, {
      ownerId: other.userId,
      kind: 'customer_fixed_deposit',
      currency: 'USD',
      name: 'Term deposit',
    });
    let unknown = generateAccountNumber();
    while (unknown === other.accountNumber) unknown = generateAccountNumber();
    const alike = [unknown, internal.fee_income.accountNumber, deposit.accountNumber];
    const answers = await Promise.all(
      alike.map(async (number) => {
        const res = await t.check(payer.client, number, 'Dorothy Vaughan');
        expect(res.statusCode, number).toBe(400);
        const { detail, errors } = res.json() as { detail: string; errors: unknown };
        return JSON.stringify({ detail, errors });
      }),
    );
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain('No Cedar Bank customer has this account number');

    const own = await t.check(payer.client, payer.accountNumber, 'Dorothy Vaughan');
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ detail: 'This is your own account: choose another' });

    // A mistyped digit is caught by the check digit before any account is looked at.
    const last = Number(other.accountNumber.at(-1));
    const typo = `${other.accountNumber.slice(0, 9)}${(last + 1) % 10}`;
    const mistyped = await t.check(payer.client, typo, 'Dorothy Vaughan');
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.body).toContain('check the digits');

    // Credits blocked: the payer learns that it cannot receive money, not the name, not why.
    const frozen = await (
      await t.staff()
    ).post(`/api/v1/staff/customers/${other.userId}/freeze`, {
      scope: 'credits',
      reasonCode: 'suspected_fraud',
      note: 'Case 2291: card testing pattern reported by the fraud team',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const blocked = await t.check(payer.client, other.accountNumber, 'Dorothy Vaughan');
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toMatchObject({
      notice: { title: 'This account cannot receive money' },
    });
    expect(blocked.body).not.toMatch(/Dorothy|Vaughan|freeze|fraud|2291/i);
  });

  it('pays by the check’s token: no charge, the masked name everywhere the payer looks', async () => {
    await bank();
    const payer = await t.sender(100_000n, { firstName: 'Amara', lastName: 'Obi' });
    const ngozi = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const fields = await t.cedarDetails(payer.client, ngozi, 'Ngozi');
    const created = await t.create(payer.client, { ...fields, amount: '250' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      internal: true,
      bank: 'Cedar Bank',
      swift: OWN_SWIFT,
      accountHolderName: 'Ngozi E.',
      fee: '0',
      feeRateBp: 0,
      amountReceived: '25000',
      payeeCheck: { typedName: 'Ngozi', match: 'close_match' },
    });
    const { submit } = await t.send(payer, { ...fields, amount: '250' });
    expect(submit.json()).toMatchObject({
      next: 'done',
      transfer: { status: 'successful', fee: '0', accountHolderName: 'Ngozi E.' },
    });
    expect(await t.balanceOf(payer)).toBe(100_000n - 25_000n);
    expect(await t.balanceOf(ngozi)).toBe(25_000n);

    // Nowhere the payer reads is the holder's full name: views, history, list, emails.
    const seen = [
      (await payer.client.get(TRANSFERS)).body,
      (await payer.client.get('/api/v1/accounts/current/transactions')).body,
      (await payer.client.get('/api/v1/beneficiaries')).body,
      (await payer.client.get('/api/v1/notifications')).body,
      ...(await mailTo(suite.app, payer.email)).map((m) => `${m.subject}\n${m.text}\n${m.html}`),
    ].join('\n');
    expect(seen).toContain('Ngozi E.');
    expect(seen).not.toMatch(/Eze\b/);
    // The recipient reads who paid them.
    const history = (await ngozi.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    expect(history.items[0]).toMatchObject({ name: 'Transfer from Amara Obi', amount: '25000' });
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('takes a token only from its customer, for its account, in its time', async () => {
    await bank();
    const payer = await t.sender(100_000n);
    const thief = await t.sender(100_000n);
    const a = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const b = await t.sender(0n, { firstName: 'Kofi', lastName: 'Mensah' });
    const fields = await t.cedarDetails(payer.client, a, 'Ngozi Eze');
    const path = (res: { json(): unknown }) =>
      (res.json() as { errors?: { path: string }[] }).errors?.[0]?.path;

    const stolen = await t.create(thief.client, fields);
    expect(stolen.statusCode).toBe(400);
    expect(path(stolen)).toBe('body.accountNumber');
    const elsewhere = await t.create(payer.client, { ...fields, accountNumber: b.accountNumber });
    expect(elsewhere.statusCode).toBe(400);
    const token = String(fields.payeeToken);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await t.create(payer.client, { ...fields, payeeToken: forged })).statusCode).toBe(400);
    // Another bank's SWIFT with a token of this bank's payee is refused on the SWIFT.
    const outside = await t.create(payer.client, { ...fields, swift: 'DEUTDEFF' });
    expect(path(outside)).toBe('body.swift');

    clock.advance(31 * 60_000);
    const late = await t.create(payer.client, fields);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('expired');
    const count = await suite.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'in', [payer.userId, thief.userId])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('keeps the checked payee when a draft is edited, and asks for a check for another account', async () => {
    await bank();
    const payer = await t.sender(100_000n);
    const a = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const b = await t.sender(0n, { firstName: 'Kofi', lastName: 'Mensah' });
    const fields = await t.cedarDetails(payer.client, a, 'Ngozi Eze');
    const created = await t.create(payer.client, fields);
    const id = (created.json() as Json).id as string;
    const withoutToken = Object.fromEntries(
      Object.entries(fields).filter(([field]) => field !== 'payeeToken'),
    );
    const edited = await payer.client.put(`${TRANSFERS}/${id}`, { ...withoutToken, amount: '40' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      amount: '4000',
      accountHolderName: 'Ngozi E.',
      internal: true,
      payeeCheck: { typedName: 'Ngozi Eze', match: 'match' },
    });
    const moved = await payer.client.put(`${TRANSFERS}/${id}`, {
      ...withoutToken,
      accountNumber: b.accountNumber,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.body).toContain('Check the payee again');
  });
});

describe(`service charges (${engineName})`, () => {
  it('charges the plan’s rate to another bank and nothing inside this bank, the same arithmetic as the form', async () => {
    await bank();
    const payer = await t.sender(1_000_000n);
    const to = await t.sender(0n, { firstName: 'Kofi', lastName: 'Mensah' });
    const plan = await suite.database.db
      .selectFrom('account_plans')
      .select(['service_charge_bp as bp', 'name'])
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    // Migration 0020: the seeded default plan charges 0.5 %, not the spec's 10 % fallback.
    expect(plan.bp).toBe(50);

    const terms = (await payer.client.get(`${TRANSFERS}/terms`)).json() as Json;
    expect(terms).toMatchObject({
      serviceChargeBp: 50,
      internalServiceChargeBp: 0,
      planName: plan.name,
      availableBalance: '1000000',
      minimumAmount: '100',
      bank: { name: 'Cedar Bank', swift: OWN_SWIFT, routing: '123456789', country: 'US' },
    });

    const external = await t.create(payer.client, details({ amount: '1234.57' }));
    // 0.5 % of 1,234.57 is 6.17285: 6.17.
    expect(external.json()).toMatchObject({
      fee: '617',
      feeRateBp: 50,
      amountReceived: '122840',
      internal: false,
    });
    const half = await t.create(payer.client, details({ amount: '1.00' }));
    // 0.5 cent rounds up.
    expect(half.json()).toMatchObject({ fee: '1', amountReceived: '99' });
    const inside = await t.create(
      payer.client,
      await t.cedarDetails(payer.client, to, 'Kofi Mensah', { amount: '1234.57' }),
    );
    expect(inside.json()).toMatchObject({ fee: '0', feeRateBp: 0, amountReceived: '123457' });
    // The full form to this bank's SWIFT (the name in full) is inside the bank too: no charge.
    const named = await t.create(
      payer.client,
      details({
        swift: OWN_SWIFT,
        accountNumber: to.accountNumber,
        accountHolderName: 'Kofi Mensah',
        amount: '10',
      }),
    );
    expect(named.json()).toMatchObject({ internal: true, fee: '0', feeRateBp: 0 });
  });

  it('checks the balance on the first step, as the daily limit', async () => {
    await bank();
    const payer = await t.sender(5_000n);
    const res = await t.create(payer.client, details({ amount: '60' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [
        { path: 'body.amount', message: 'Insufficient balance: your available balance is $50.00' },
      ],
    });
    expect((await t.create(payer.client, details({ amount: '50' }))).statusCode).toBe(201);
  });

  it('a transfer inside the bank started at the old charge is shown the new one before it is sent', async () => {
    await bank();
    const payer = await t.sender(100_000n);
    const to = await t.sender(0n, { firstName: 'Kofi', lastName: 'Mensah' });
    const id = await t.confirmed(
      payer.client,
      await t.cedarDetails(payer.client, to, 'Kofi Mensah', { amount: '100' }),
    );
    // As a transfer stored before decision 24 would be: charged at the plan's 10 %.
    await suite.database.db
      .updateTable('transfers')
      .set({ fee: 1_000n, fee_bp: 1000 })
      .where('id', '=', BigInt(id))
      .execute();
    const pin = await payer.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.statusCode).toBe(200);
    if ((pin.json() as { next: string }).next === 'code') {
      const code = await t.codeFor(payer.email);
      await payer.client.post(`${TRANSFERS}/${id}/code`, { code });
    }
    const submit = await payer.client.post(`${TRANSFERS}/${id}/submit`);
    expect(submit.statusCode).toBe(422);
    expect(submit.json()).toMatchObject({ notice: { title: 'Your service charge changed' } });
    const back = (await payer.client.get(`${TRANSFERS}/${id}`)).json() as Json;
    expect(back).toMatchObject({ stage: 'draft', fee: '0', feeRateBp: 0 });
  });
});
