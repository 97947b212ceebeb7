import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/suite.js';
import { CODE_RULES, type CodePurpose } from '../../src/platform/codes/index.js';
import { testClock } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { mailTo } from '../helpers/mail.js';

/**
 * One-time codes as a platform service: 5 tries per code, a cap on wrong tries per person and
 * purpose per day (so a new code a minute cannot buy thousands of guesses), and each code bound
 * to the context it authorizes.
 */
const clock = testClock();

const suite = useTestApp({ clock });

async function person() {
  const { userId, email } = await signedInCustomer(suite.app, suite.database, {
    kycStatus: 'approved',
  });
  return { userId, email };
}

/** Issues a code and returns it (as the email would carry it). */
const database = () => suite.database.db;

function issue(userId: bigint, purpose: CodePurpose, context?: Record<string, string>) {
  return suite.database.db
    .transaction()
    .execute((trx) =>
      suite.app.deps.codes.issue(trx, { userId, purpose, ...(context ? { context } : {}) }),
    );
}

function check(
  userId: bigint,
  purpose: CodePurpose,
  code: string,
  context?: Record<string, string>,
) {
  return suite.database.db
    .transaction()
    .execute((trx) =>
      suite.app.deps.codes.check(trx, { userId, purpose, code, ...(context ? { context } : {}) }),
    );
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe(`one-time codes (${engineName})`, () => {
  it('caps wrong tries per person and purpose per day: past it even the right code waits, and the person is told once', async () => {
    const { userId, email } = await person();
    const cap = CODE_RULES.pin_reset.dailyFailures;
    let failures = 0;
    let last: Awaited<ReturnType<typeof check>> | undefined;
    // A fresh code every minute, four wrong tries each: the per-code limit alone would never stop this.
    while (failures < cap) {
      clock.advance(61_000);
      const { code } = await issue(userId, 'pin_reset');
      for (let i = 0; i < 4 && failures < cap; i++) {
        last = await check(userId, 'pin_reset', wrong(code));
        failures++;
      }
    }
    expect(last).toMatchObject({ ok: false, error: { code: 'CODES_PAUSED' } });
    await expect(issue(userId, 'pin_reset')).rejects.toMatchObject({ code: 'CODES_PAUSED' });
    // Another purpose is not affected.
    const other = await issue(userId, 'signin');
    expect(await check(userId, 'signin', other.code)).toMatchObject({ ok: true });
    // The customer was told, once.
    const told = (await mailTo(suite.app, email)).filter((m) => /codes paused/.test(m.subject));
    expect(told).toHaveLength(1);
    // A day after the tries, codes work again.
    clock.advance(24 * 60 * 60_000);
    const fresh = await issue(userId, 'pin_reset');
    expect(await check(userId, 'pin_reset', fresh.code)).toMatchObject({ ok: true });
  });

  it('open flows: one requester stops at ten wrong tries; all of them together at the ceiling, which the owner hears of', async () => {
    const { userId, email } = await person();
    const rules = CODE_RULES.password_reset;
    const perRequester = rules.requesterDailyFailures ?? 0;
    const tryFrom = (requester: string, code = '000000') =>
      database()
        .transaction()
        .execute((trx) =>
          suite.app.deps.codes.check(trx, { userId, purpose: 'password_reset', code, requester }),
        );
    for (let i = 0; i < perRequester; i++) await tryFrom('192.0.2.1');
    // The first requester is stopped, even with the right code; another is not.
    const { code } = await issue(userId, 'password_reset');
    expect(await tryFrom('192.0.2.1', code)).toMatchObject({
      ok: false,
      error: { code: 'CODES_PAUSED' },
    });
    expect(await tryFrom('192.0.2.2', code)).toMatchObject({ ok: true });
    // Enough requesters together reach the person's ceiling: codes pause for everyone.
    let sent = perRequester;
    for (let r = 3; sent < rules.dailyFailures; r++) {
      for (let i = 0; i < perRequester && sent < rules.dailyFailures; i++, sent++) {
        await tryFrom(`192.0.2.${r}`);
      }
    }
    await expect(issue(userId, 'password_reset')).rejects.toMatchObject({ code: 'CODES_PAUSED' });
    const told = (await mailTo(suite.app, email)).filter((m) => /codes paused/.test(m.subject));
    expect(told).toHaveLength(1);
    clock.advance(24 * 60 * 60_000);
  });

  it('binds a code to its context: other details are refused and spend the code', async () => {
    const { userId } = await person();
    const context = { amount: '5000', currency: 'USD', beneficiary: '1234567890', source: '42' };
    const { code } = await issue(userId, 'transfer_authorization', context);
    expect(code).toMatch(/^\d{4}$/);
    const changed = await check(userId, 'transfer_authorization', code, {
      ...context,
      amount: '500000',
    });
    expect(changed).toMatchObject({ ok: false, error: { code: 'UNPROCESSABLE' } });
    // Spent: not even the original details can use it now.
    expect(await check(userId, 'transfer_authorization', code, context)).toMatchObject({
      ok: false,
    });
    const again = await issue(userId, 'transfer_authorization', context);
    expect(await check(userId, 'transfer_authorization', again.code, context)).toMatchObject({
      ok: true,
    });
    // Single use.
    expect(await check(userId, 'transfer_authorization', again.code, context)).toMatchObject({
      ok: false,
    });
  });

  it("sends at most the day's codes of a purpose, even when every request arrives at once", async () => {
    const { userId } = await person();
    const cap = CODE_RULES.signin.dailyIssues;
    const answers = await Promise.allSettled(
      Array.from({ length: cap + 10 }, () => issue(userId, 'signin')),
    );
    const sent = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    expect(sent).toHaveLength(cap);
    expect(refused).toHaveLength(10);
    for (const error of refused) {
      expect(error).toMatchObject({
        code: 'RATE_LIMITED',
        message:
          'We have sent you as many sign-in codes as we can today. Please try again tomorrow.',
      });
    }
    // A day later the count starts again.
    clock.advance(24 * 60 * 60_000 + 1);
    await expect(issue(userId, 'signin')).resolves.toMatchObject({ code: expect.any(String) });
  });

  it('a code offered twice at the same moment is used once', async () => {
    const { userId } = await person();
    const { code } = await issue(userId, 'email_change', { email: 'new@example.com' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        check(userId, 'email_change', code, { email: 'new@example.com' }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('five wrong tries end a code, even for the right one', async () => {
    const { userId } = await person();
    const { code } = await issue(userId, 'pin_reset');
    for (let i = 0; i < CODE_RULES.pin_reset.maxAttempts; i++) {
      expect(await check(userId, 'pin_reset', wrong(code))).toMatchObject({ ok: false });
    }
    expect(await check(userId, 'pin_reset', code)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Too many wrong codes/) },
    });
  });

  it('expires after ten minutes', async () => {
    const { userId } = await person();
    const { code } = await issue(userId, 'email_verification');
    clock.advance(CODE_RULES.email_verification.ttlMs + 1);
    expect(await check(userId, 'email_verification', code)).toMatchObject({ ok: false });
  });
});
