import { describe, expect, it } from 'vitest';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';
import { OWN_SWIFT, PIN, TRANSFERS, details, transferHelpers, type Sender } from './setup.js';

/**
 * A payee counts as known, so that the PIN alone authorizes a small transfer, only when every
 * detail of the payment is one the customer paid before (decision 24): a change of the holder,
 * bank, SWIFT (branch included), routing number, country or account number is a new payee, and
 * the emailed code is asked for.
 */
const suite = useTestApp();
const t = transferHelpers(suite);

/** What the PIN step asks next for these details: 'ready' (PIN only) or 'code'. */
async function nextAfterPin(c: Sender, body: ReturnType<typeof details>) {
  const id = await t.confirmed(c.client, body);
  const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
  expect(pin.statusCode, pin.body).toBe(200);
  // Why the code is asked: in the step's reasons, or in its words.
  const step = pin.json() as { next: string; body?: string; reasons?: string[] };
  return step.next === 'code' ? `code: ${(step.reasons ?? []).join(' ')} ${step.body}` : step.next;
}

describe(`a known payee (${engineName})`, () => {
  it('is known only when every detail is the same', async () => {
    const c = await t.sender(1_000_000n);
    const paid = details({ amount: '10', swift: 'DEUTDEFF', routing: '021000021' });
    const first = await t.send(c, paid);
    expect(first.submit.json()).toMatchObject({ next: 'done' });

    // The same payee, however it is written: PIN only.
    for (const same of [
      paid,
      { ...paid, swift: 'deutdeffxxx' },
      { ...paid, accountHolderName: 'grace  HOPPER' },
      { ...paid, bank: 'DEUTSCHE BANK' },
      { ...paid, routing: '021-000-021' },
      { ...paid, accountNumber: 'de89370400440532013000' },
    ]) {
      expect(await nextAfterPin(c, same), JSON.stringify(same)).toBe('ready');
    }
    // Any one detail changed: a new payee, and the code says why.
    const changed: [string, Record<string, unknown>][] = [
      ['holder', { accountHolderName: 'Grace B. Hopper' }],
      ['bank', { bank: 'Deutsche Bank AG' }],
      ['SWIFT branch', { swift: 'DEUTDEFF500' }],
      ['routing', { routing: '021000089' }],
      ['country', { country: 'AT' }],
      ['account number', { accountNumber: 'DE89370400440532013001' }],
    ];
    for (const [what, change] of changed) {
      const next = await nextAfterPin(c, { ...paid, ...change });
      expect(next, what).toMatch(
        /^code: .*(new_beneficiary|you have not sent money to this beneficiary before)/,
      );
    }
  });

  it('inside the bank: the same checked payee is known; one paid by full name before is new once', async () => {
    await t.ownSwift();
    const c = await t.sender(1_000_000n);
    const to = await t.sender(0n, { firstName: 'Kofi', lastName: 'Mensah' });
    // Paid before by the full form, the holder's name typed in full (before decision 24).
    const named = details({
      swift: OWN_SWIFT,
      accountNumber: to.accountNumber,
      accountHolderName: 'Kofi Mensah',
      amount: '10',
    });
    expect((await t.send(c, named)).submit.json()).toMatchObject({ next: 'done' });
    expect(await nextAfterPin(c, named)).toBe('ready');

    // By a check the holder is "Kofi M.": another payee's details, so the code once.
    const checked = await t.cedarDetails(c.client, to, 'Kofi', { amount: '10' });
    expect(await nextAfterPin(c, checked)).toMatch(/^code: /);
    expect((await t.send(c, checked)).submit.json()).toMatchObject({ next: 'done' });
    // Then known, whatever name the payer typed to find them.
    const again = await t.cedarDetails(c.client, to, 'Kofi Mensah', { amount: '10' });
    expect(await nextAfterPin(c, again)).toBe('ready');
  });
});
