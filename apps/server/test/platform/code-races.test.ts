import { CODE_RULES } from '../../src/platform/codes/index.js';
import { describe, expect, it } from 'vitest';
import { testClock } from '../helpers/app.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, TRANSFERS, details, transferHelpers, type Sender } from '../transfers/setup.js';

/**
 * The transfer code's two sending rules under a burst (issue 19), on both engines: at most the
 * day's cap of codes however many PIN steps arrive at once, and at most one resend a minute
 * however many "send a new code" presses do. Each request takes the person's sending lock in
 * platform/codes, so the last ones see the codes the first ones sent.
 */

const clock = testClock();
const suite = useTestApp({ clock });
const t = transferHelpers(suite);
const DAILY = CODE_RULES.transfer_authorization.dailyIssues;

type Json = Record<string, unknown>;

async function transferCodes(c: Sender) {
  return suite.database.db
    .selectFrom('one_time_codes')
    .select('id')
    .where('user_id', '=', c.userId)
    .where('purpose', '=', 'transfer_authorization')
    .execute();
}

async function codeEmails(c: Sender) {
  const mails = await mailTo(suite.app, c.email);
  return mails.filter((m) => m.subject.includes('transfer authorization code'));
}

/** A transfer to a payee never paid before (so the PIN step asks for a code), confirmed. */
function toNewPayee(c: Sender, i: number) {
  return t.confirmed(
    c.client,
    details({
      amount: '1',
      accountNumber: `DE89 3704 0044 0532 0131 ${String(i).padStart(2, '0')}`,
    }),
  );
}

describe('transfer code sending under a burst', () => {
  it(`sends at most ${DAILY} codes a day when ${DAILY + 4} PIN steps arrive at once`, async () => {
    const c = await t.sender(1_000_000n);
    const ids: string[] = [];
    for (let i = 0; i < DAILY + 4; i++) ids.push(await toNewPayee(c, i));
    const steps = await Promise.all(
      ids.map((id) => c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN })),
    );
    const asked = steps.filter((r) => r.statusCode === 200);
    const refused = steps.filter((r) => r.statusCode !== 200);
    expect(asked.map((r) => (r.json() as Json).next)).toEqual(Array(DAILY).fill('code'));
    // Each says why in the step itself: a payee never paid before.
    expect(asked.map((r) => (r.json() as Json).reasons)).toEqual(
      Array(DAILY).fill(['new_beneficiary']),
    );
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.json(), r.body).toMatchObject({ notice: { title: 'Too many codes today' } });
    }
    expect(await transferCodes(c)).toHaveLength(DAILY);
    expect(await codeEmails(c)).toHaveLength(DAILY);
  });

  it('sends one new code when "send a new code" is pressed on ten transfers at once, a minute later', async () => {
    const c = await t.sender(1_000_000n);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await toNewPayee(c, 50 + i);
      const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
      expect(pin.json()).toMatchObject({ next: 'code' });
      ids.push(id);
    }
    clock.advance(61_000);
    const resends = await Promise.all(
      ids.map((id) => c.client.post(`${TRANSFERS}/${id}/code/resend`)),
    );
    expect(resends.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    expect(await transferCodes(c)).toHaveLength(11);
    expect(await codeEmails(c)).toHaveLength(11);
  });
});
