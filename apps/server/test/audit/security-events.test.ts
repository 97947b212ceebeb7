import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../helpers/app.js';
import { CUSTOMER_PASSWORD, signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { runJobs } from '../helpers/jobs.js';
import { useTestApp } from '../helpers/suite.js';
import { SYSTEM_ACTOR, audit, auditSecurityEvent } from '../../src/platform/audit/index.js';

/**
 * Security events in the audit log, each with the address it came from: sign-ins and sign-outs,
 * refused one-time codes (their purpose and why, never the code), and 429s, bounded so that a
 * flood of refused requests cannot flood the log.
 */
const clock = testClock();
const suite = useTestApp({ clock });

async function rowsOf(action: string, where: { actorId?: bigint; customerId?: bigint } = {}) {
  let query = suite.database.db
    .selectFrom('audit_log')
    .select([
      'action',
      'actor_id',
      'customer_id',
      'target_id',
      'before',
      'after',
      'ip',
      'user_agent',
    ])
    .where('action', '=', action)
    .orderBy('id');
  if (where.actorId !== undefined) query = query.where('actor_id', '=', where.actorId);
  if (where.customerId !== undefined) query = query.where('customer_id', '=', where.customerId);
  return query.execute();
}

describe(`security events (${engineName})`, () => {
  it("records a customer's sign-in and sign-out with their address and browser", async () => {
    const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    expect(await rowsOf('security.signin', { customerId: c.userId })).toEqual([
      {
        action: 'security.signin',
        actor_id: c.userId,
        customer_id: c.userId,
        target_id: String(c.userId),
        before: null,
        after: { session: 'customer', method: 'password' },
        ip: '127.0.0.1',
        user_agent: 'Mozilla/5.0 (TestBrowser)',
      },
    ]);

    // A customer still in onboarding signs in to an onboarding session: recorded as such.
    const onboarding = await signedInCustomer(suite.app, suite.database);
    expect((await rowsOf('security.signin', { customerId: onboarding.userId }))[0]?.after).toEqual({
      session: 'onboarding',
      method: 'password',
    });

    expect((await c.client.post('/api/v1/auth/signout')).statusCode).toBe(204);
    expect(await rowsOf('security.signout', { customerId: c.userId })).toMatchObject([
      { actor_id: c.userId, target_id: String(c.userId), ip: '127.0.0.1' },
    ]);
  });

  it('records a refused one-time code with its purpose and why, never the code', async () => {
    const client = new TestClient(suite.app, 'Mozilla/5.0 (Guesser)', '198.51.100.23');
    const email = `guess.${Date.now().toString(36)}@example.com`;
    const signup = await client.post('/api/v1/auth/signup', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: `ada_${Date.now().toString(36)}`,
      email,
      password: CUSTOMER_PASSWORD,
      acceptTerms: true,
    });
    expect(signup.statusCode).toBe(201);
    await runJobs(suite.app);
    const [mail] = await mailTo(suite.app, email);
    const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

    const refused = await client.post('/api/v1/auth/verify-email', { email, code: wrong });
    expect(refused.statusCode).toBe(422);
    const user = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const rows = await rowsOf('security.code_failed', { customerId: user.id });
    expect(rows).toEqual([
      {
        action: 'security.code_failed',
        // Nobody is signed in on this step: the row names the address and browser.
        actor_id: null,
        customer_id: user.id,
        target_id: String(user.id),
        before: null,
        after: { purpose: 'email_verification', reason: 'wrong' },
        ip: '198.51.100.23',
        user_agent: 'Mozilla/5.0 (Guesser)',
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(wrong);
    expect(JSON.stringify(rows)).not.toContain(code);

    // A guess at an address with no account is nobody's event: nothing is written for it.
    const before = await rowsOf('security.code_failed');
    await client.post('/api/v1/auth/verify-email', {
      email: 'nobody.here@example.com',
      code: '123456',
    });
    expect(await rowsOf('security.code_failed')).toHaveLength(before.length);
  });

  it('records 429s at most once a minute per address and route', async () => {
    const limited = await buildTestApp(suite.database, { rateLimits: true, clock });
    try {
      const signin = (client: TestClient, n: number) =>
        client.post('/api/v1/auth/signin', { email: `flood${n}@example.com`, password: 'x' });
      const route = 'POST /api/v1/auth/signin';
      const count = async () =>
        (await rowsOf('security.rate_limited')).filter((r) => r.target_id === route);

      const first = new TestClient(limited, 'Flooder/1.0', '203.0.113.50');
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await signin(first, i)).statusCode);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      // Fifteen refusals, one row: the address, the browser, the limit.
      expect(await count()).toEqual([
        {
          action: 'security.rate_limited',
          actor_id: null,
          customer_id: null,
          target_id: route,
          before: null,
          after: { limit: 10, window: '1 minute' },
          ip: '203.0.113.50',
          user_agent: 'Flooder/1.0',
        },
      ]);

      // Another address is its own row.
      const second = new TestClient(limited, 'Flooder/1.0', '203.0.113.51');
      for (let i = 0; i < 12; i++) await signin(second, i);
      expect((await count()).map((r) => r.ip)).toEqual(['203.0.113.50', '203.0.113.51']);

      // A minute later by the server's clock, the first address's next 429 is recorded again.
      clock.advance(61_000);
      expect((await signin(first, 99)).statusCode).toBe(429);
      expect((await count()).map((r) => r.ip)).toEqual([
        '203.0.113.50',
        '203.0.113.51',
        '203.0.113.50',
      ]);
    } finally {
      await limited.close();
    }
  });

  it('a security event that cannot be written never undoes the refusal it accompanies', async () => {
    const lost: string[] = [];
    const marker = `lost-event-${Date.now().toString(36)}`;
    await suite.database.db.transaction().execute(async (trx) => {
      // What the refusal must keep, written first in the same transaction.
      await audit(trx, {
        action: 'security.password_check_failed',
        actor: SYSTEM_ACTOR,
        targetId: marker,
      });
      const written = await auditSecurityEvent(
        audit,
        trx,
        {
          action: 'security.pin_failed',
          actor: SYSTEM_ACTOR,
          targetId: marker,
          // A row the database refuses (no such customer) stands for any failing write.
          customerId: 9_000_000_000n,
          after: { failures: 1 },
        },
        ({ action }) => lost.push(action),
      );
      expect(written).toBe(false);
      // The transaction is still usable after the failed write.
      await sql`select 1`.execute(trx);
    });
    expect(lost).toEqual(['security.pin_failed']);
    const kept = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', marker)
      .execute();
    expect(kept).toEqual([{ action: 'security.password_check_failed' }]);
  });
});
