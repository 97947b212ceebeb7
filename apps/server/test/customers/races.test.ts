import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import type { TestClient } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import { OWN_SWIFT, PIN, TRANSFERS, details } from '../transfers/setup.js';
import { CUSTOMERS, customerHelpers } from './setup.js';

/**
 * Freeze and notice races (issue 18's proof), meant for PostgreSQL where requests truly overlap
 * (on PGlite they run one after the other and the same checks hold): a transfer submitted while
 * a freeze or a restriction lands is either refused or posted before it, never after.
 *
 * The evidence is the freeze's own record: it takes the locks of the customer's accounts after
 * writing itself and audits the balances it saw under them. A transfer posted before the freeze
 * is in that balance; one posted after it would not be, and the account would end below (debits)
 * or above (credits) what the freeze recorded.
 */

const suite = useTestApp();
const h = customerHelpers(suite);
const ROUNDS = 20;

type Json = Record<string, unknown>;

beforeAll(async () => {
  await h.ownSwift();
});

/** A transfer at its last step (the beneficiary was paid before, so the PIN is enough). */
async function ready(client: TestClient, body: ReturnType<typeof details>) {
  const id = await h.confirmed(client, body);
  const pin = await client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
  expect(pin.json()).toMatchObject({ next: 'ready' });
  return id;
}

/**
 * Both at once, the second started a little later each round (0 to 18 ms, the length of a
 * submission on PostgreSQL here), so that rounds land before, inside and after the submission's
 * transaction. Which one wins a round is not asserted: only that every outcome is a right one.
 */
async function together<A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>) {
  const delay = (round % 10) * 2;
  return Promise.all([a(), sleep(delay).then(b)]);
}

/** The balance the latest freeze of `customerId` saw on `accountNumber`, under its lock. */
async function balanceSeenByFreeze(customerId: bigint, accountNumber: string) {
  const audits = await h.audited(customerId, 'customer.freeze');
  const after = audits.at(-1)?.after as { accounts: { accountNumber: string; balance: string }[] };
  const seen = after.accounts.find((a) => a.accountNumber === accountNumber);
  if (!seen) throw new Error('the freeze saw no such account');
  return BigInt(seen.balance);
}

const freezeBody = (scope: string) => ({
  scope,
  reasonCode: 'suspected_fraud',
  note: 'Race test: freeze while a transfer is submitted',
});

describe('freeze and notice races', () => {
  it('a debit freeze landing during a submission: refused, or posted before it', async () => {
    const c = await h.sender(1_000_000n);
    const staff = await h.manager();
    const body = details({ amount: '1.00' });
    await h.send(c, body); // the beneficiary is known from now on
    const outcomes = { posted: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const id = await ready(c.client, body);
      const before = await h.balanceOf(c);
      const [submit, freeze] = await together(
        round,
        () => c.client.post(`${TRANSFERS}/${id}/submit`),
        () => staff.post(`${CUSTOMERS}/${c.userId}/freeze`, freezeBody('debits')),
      );
      expect(freeze.statusCode, freeze.body).toBe(200);
      const after = await h.balanceOf(c);
      const seen = await balanceSeenByFreeze(c.userId, c.accountNumber);
      // Whatever happened, nothing moved after the freeze saw the account.
      expect(after, `round ${round}`).toBe(seen);
      if (submit.statusCode === 200) {
        outcomes.posted += 1;
        expect(after).toBe(before - 100n);
      } else {
        outcomes.refused += 1;
        expect(submit.statusCode, submit.body).toBe(422);
        expect(submit.json()).toMatchObject({ code: 'ACCOUNT_ON_HOLD' });
        expect(after).toBe(before);
      }
      const lifted = await staff.post(`${CUSTOMERS}/${c.userId}/unfreeze`, {
        reason: 'Next round',
      });
      expect(lifted.statusCode, lifted.body).toBe(200);
    }
    expect(outcomes.posted + outcomes.refused).toBe(ROUNDS);
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('a credit freeze of the recipient landing during a payment: refused, or posted before it', async () => {
    const payer = await h.sender(1_000_000n, { firstName: 'Peggy' });
    const payee = await h.sender(0n, { firstName: 'Ruth' });
    const staff = await h.manager();
    const body = details({
      swift: OWN_SWIFT,
      accountNumber: payee.accountNumber,
      accountHolderName: 'Ruth Vaughan',
      amount: '1.00',
    });
    await h.send(payer, body);
    for (let round = 0; round < ROUNDS; round++) {
      const id = await ready(payer.client, body);
      const payerBefore = await h.balanceOf(payer);
      const payeeBefore = await h.balanceOf(payee);
      const [submit, freeze] = await together(
        round,
        () => payer.client.post(`${TRANSFERS}/${id}/submit`),
        () => staff.post(`${CUSTOMERS}/${payee.userId}/freeze`, freezeBody('credits')),
      );
      expect(freeze.statusCode, freeze.body).toBe(200);
      const payeeAfter = await h.balanceOf(payee);
      // Nothing arrived after the freeze saw the account.
      expect(payeeAfter, `round ${round}`).toBe(
        await balanceSeenByFreeze(payee.userId, payee.accountNumber),
      );
      if (submit.statusCode === 200) {
        expect(payeeAfter).toBeGreaterThan(payeeBefore);
        expect(await h.balanceOf(payer)).toBe(payerBefore - 100n);
      } else {
        expect(submit.statusCode, submit.body).toBe(422);
        expect(submit.json()).toMatchObject({
          code: 'TRANSFER_REFUSED',
          notice: { title: 'This account cannot receive money' },
        });
        // Refused before any money left the payer.
        expect(payeeAfter).toBe(payeeBefore);
        expect(await h.balanceOf(payer)).toBe(payerBefore);
      }
      const lifted = await staff.post(`${CUSTOMERS}/${payee.userId}/unfreeze`, {
        reason: 'Next round',
      });
      expect(lifted.statusCode, lifted.body).toBe(200);
    }
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('a restriction landing during a submission: refused (notice or signed out), or posted', async () => {
    const c = await h.sender(1_000_000n);
    const staff = await h.manager();
    const body = details({ amount: '1.00' });
    await h.send(c, body);
    for (let round = 0; round < ROUNDS / 2; round++) {
      const signin = await c.client.post('/api/v1/auth/signin', {
        email: c.email,
        password: 'velvet tram orbit lantern',
      });
      expect(signin.json(), `round ${round}`).toMatchObject({ next: 'dashboard' });
      const id = await ready(c.client, body);
      const before = await h.balanceOf(c);
      const [submit, restrict] = await together(
        round,
        () => c.client.post(`${TRANSFERS}/${id}/submit`),
        () =>
          staff.post(`${CUSTOMERS}/${c.userId}/restriction`, {
            head: 'Account under review',
            body: 'Please call us.',
            reason: 'Race test',
          }),
      );
      expect(restrict.statusCode, restrict.body).toBe(200);
      const after = await h.balanceOf(c);
      if (submit.statusCode === 200) {
        expect(after).toBe(before - 100n);
      } else {
        // Its session already ended (401), or the notice under the customer's lock (422).
        expect([401, 422], submit.body).toContain(submit.statusCode);
        if (submit.statusCode === 422) {
          expect(submit.json() as Json).toMatchObject({
            notice: { title: 'Account under review', body: 'Please call us.' },
          });
        }
        expect(after).toBe(before);
      }
      // Signed out either way, and the next sign-in shows the notice.
      expect((await c.client.get('/api/v1/accounts/current')).statusCode).toBe(401);
      const blocked = await c.client.post('/api/v1/auth/signin', {
        email: c.email,
        password: 'velvet tram orbit lantern',
      });
      expect(blocked.json()).toMatchObject({ next: 'notice' });
      const lifted = await staff.post(`${CUSTOMERS}/${c.userId}/restriction/lift`, {
        reason: 'Next round',
      });
      expect(lifted.statusCode, lifted.body).toBe(200);
    }
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });
  it('a restriction landing during a sign-in: the notice, or a session that no longer works', async () => {
    const c = await h.sender(0n);
    const staff = await h.manager();
    for (let round = 0; round < ROUNDS / 2; round++) {
      // The password check takes tens of milliseconds: the restriction lands before, inside or
      // after it, and never leaves the customer signed in.
      const [signin, restrict] = await Promise.all([
        c.client.post('/api/v1/auth/signin', {
          email: c.email,
          password: 'velvet tram orbit lantern',
        }),
        sleep(round * 4).then(() =>
          staff.post(`${CUSTOMERS}/${c.userId}/restriction`, {
            head: 'Account under review',
            body: 'Please call us.',
            reason: 'Race test',
          }),
        ),
      ]);
      expect(restrict.statusCode, restrict.body).toBe(200);
      const outcome = signin.json() as Json;
      expect(['notice', 'dashboard'], signin.body).toContain(outcome.next);
      expect((await c.client.get('/api/v1/accounts/current')).statusCode, `round ${round}`).toBe(
        401,
      );
      const live = await suite.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', c.userId)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live, `round ${round}: a live session after the restriction`).toEqual([]);
      const lifted = await staff.post(`${CUSTOMERS}/${c.userId}/restriction/lift`, {
        reason: 'Next round',
      });
      expect(lifted.statusCode, lifted.body).toBe(200);
    }
  });
});
