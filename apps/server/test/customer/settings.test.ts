import { describe, expect, it } from 'vitest';
import { CUSTOMER_PASSWORD, signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { createStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();
const NEW_PASSWORD = 'copper kettle meadow dusk';
const STAFF_PASSWORD = 'granite harbour lighthouse keeper';

async function customer() {
  return signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
}

async function secondBrowser(email: string, password = CUSTOMER_PASSWORD) {
  const client = new TestClient(suite.app, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
  await client.post('/api/v1/auth/signin', { email, password });
  return client;
}

const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';

describe('settings: password', () => {
  it('needs the current password and the sign-up rules; other browsers are signed out', async () => {
    const c = await customer();
    const other = await secondBrowser(c.email);
    expect((await other.get('/api/v1/accounts/current')).statusCode).not.toBe(401);

    const mismatch = await c.client.post('/api/v1/settings/password', {
      currentPassword: CUSTOMER_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { path: 'body.confirmPassword', message: 'Password Mismatch' },
    ]);
    const wrong = await c.client.post('/api/v1/settings/password', {
      currentPassword: 'not it at all',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('body.currentPassword');
    const weak = await c.client.post('/api/v1/settings/password', {
      currentPassword: CUSTOMER_PASSWORD,
      newPassword: 'password1',
      confirmPassword: 'password1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('body.newPassword');

    const changed = await c.client.post('/api/v1/settings/password', {
      currentPassword: CUSTOMER_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await c.client.get('/api/v1/notifications')).json().items[0].kind).toBe(
      'password.changed',
    );
    expect((await other.get('/api/v1/notifications')).statusCode).toBe(401);
    const fresh = new TestClient(suite.app);
    const signin = await fresh.post('/api/v1/auth/signin', {
      email: c.email,
      password: NEW_PASSWORD,
    });
    expect(signin.json()).toEqual({ next: 'dashboard' });
  });
});

describe('settings: email address', () => {
  it('changes only with the code sent to the new address; the old address is told', async () => {
    const c = await customer();
    const newEmail = c.email.replace('customer.', 'moved.');
    const ask = (email: string, currentPassword = CUSTOMER_PASSWORD) =>
      c.client.post('/api/v1/settings/email', { email, currentPassword });

    // A session alone cannot move the account: the password is asked for, and checked first.
    expect((await c.client.post('/api/v1/settings/email', { email: newEmail })).statusCode).toBe(
      400,
    );
    const guessed = await ask(newEmail, 'not the password');
    expect(guessed.statusCode).toBe(400);
    expect(JSON.stringify(guessed.json().errors)).toContain('currentPassword');
    expect(await mailTo(suite.app, newEmail)).toEqual([]);

    const asked = await ask(newEmail);
    expect(asked.statusCode).toBe(200);
    const code = codeIn((await mailTo(suite.app, newEmail))[0]?.text);
    expect(code).toMatch(/^\d{6}$/);
    // One code a minute while it is still good: asking again at once is refused.
    expect((await ask(newEmail)).statusCode).toBe(429);
    expect(await mailTo(suite.app, newEmail)).toHaveLength(1);

    // The code is bound to the address it was sent to.
    const elsewhere = await c.client.post('/api/v1/settings/email/confirm', {
      email: c.email.replace('customer.', 'thief.'),
      code,
    });
    expect(elsewhere.statusCode).toBe(422);
    // The refused attempt spent that code, so a new one may be asked for at once.
    const asked2 = await ask(newEmail);
    expect(asked2.statusCode).toBe(200);
    const code2 = codeIn((await mailTo(suite.app, newEmail))[0]?.text);
    const confirmed = await c.client.post('/api/v1/settings/email/confirm', {
      email: newEmail,
      code: code2,
    });
    expect(confirmed.statusCode).toBe(200);
    const oldMail = await mailTo(suite.app, c.email);
    expect(oldMail[0]?.subject).toMatch(/email address was changed/);
    expect(oldMail[0]?.text).toContain(newEmail);
    const me = (await c.client.get('/api/v1/auth/me')).json();
    expect(me.email).toBe(newEmail);
  });

  it('answers alike for an address another account holds (staff included) and tells its owner instead', async () => {
    const a = await customer();
    const b = await customer();
    const staffEmail = 'settings.staff@bank.example';
    await createStaff(suite.database, { email: staffEmail, password: STAFF_PASSWORD });
    const free = a.email.replace('customer.', 'free.');
    const jobs = () =>
      suite.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'email')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const codes = () =>
      suite.database.db
        .selectFrom('one_time_codes')
        .select('id')
        .where('user_id', '=', a.userId)
        .where('purpose', '=', 'email_change')
        .execute()
        .then((rows) => rows.length);
    const ask = (email: string) =>
      a.client.post('/api/v1/settings/email', { email, currentPassword: CUSTOMER_PASSWORD });

    const answers = [];
    for (const email of [b.email.toUpperCase(), staffEmail, free]) {
      const [jobsBefore, codesBefore] = [await jobs(), await codes()];
      const answer = await ask(email);
      // The same answer, the same work: one code made and counted, one email queued.
      expect(answer.statusCode, email).toBe(200);
      expect(await jobs(), email).toBe(jobsBefore + 1);
      expect(await codes(), email).toBe(codesBefore + 1);
      answers.push(answer.json());
      // And the same pause after it: a minute before another code of either kind.
      const again = await ask(email);
      expect(again.statusCode, email).toBe(429);
      // The pause is the one-a-minute rule on the latest code: spend it to ask at once again.
      await suite.database.db
        .updateTable('one_time_codes')
        .set({ consumed_at: new Date() })
        .where('user_id', '=', a.userId)
        .execute();
    }
    expect(answers).toEqual([
      { email: b.email.toUpperCase() },
      { email: staffEmail },
      { email: free },
    ]);

    // The owners hear that someone tried, with no code; the free address gets the code.
    for (const owner of [b.email, staffEmail]) {
      const [notice] = await mailTo(suite.app, owner);
      expect(notice?.subject).toBe('Someone tried to use your email address at Cedar Bank');
      expect(codeIn(notice?.text)).toBe('');
      expect(notice?.text).not.toContain(a.email);
    }
    expect(codeIn((await mailTo(suite.app, free))[0]?.text)).toMatch(/^\d{6}$/);
    // Nothing moved: every account keeps its address.
    expect((await a.client.get('/api/v1/auth/me')).json().email).toBe(a.email);
    expect((await b.client.get('/api/v1/auth/me')).json().email).toBe(b.email);
  });

  it('tells the owner of a taken address once a day, however often someone asks for it', async () => {
    const a = await customer();
    const b = await customer();
    for (let i = 0; i < 3; i += 1) {
      const answer = await a.client.post('/api/v1/settings/email', {
        email: b.email,
        currentPassword: CUSTOMER_PASSWORD,
      });
      expect(answer.statusCode).toBe(200);
      // Spend the code so the one-a-minute pause does not stop the next ask.
      await suite.database.db
        .updateTable('one_time_codes')
        .set({ consumed_at: new Date() })
        .where('user_id', '=', a.userId)
        .execute();
    }
    const notices = (await mailTo(suite.app, b.email)).filter(
      (m) => m.subject === 'Someone tried to use your email address at Cedar Bank',
    );
    expect(notices).toHaveLength(1);
  });

  it("refuses the customer's own address and what is not an address", async () => {
    const a = await customer();
    const ask = (email: string) =>
      a.client.post('/api/v1/settings/email', { email, currentPassword: CUSTOMER_PASSWORD });
    expect((await ask(a.email)).statusCode).toBe(400);
    expect((await ask('not-an-email')).statusCode).toBe(400);
  });

  it('sends one code when ten requests arrive at the same moment', async () => {
    const c = await customer();
    const asks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.client.post('/api/v1/settings/email', {
          email: c.email.replace('customer.', `burst${i}.`),
          currentPassword: CUSTOMER_PASSWORD,
        }),
      ),
    );
    expect(asks.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    const sent = await suite.database.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('user_id', '=', c.userId)
      .where('purpose', '=', 'email_change')
      .execute();
    expect(sent).toHaveLength(1);
  });
});

describe('settings: the password asked again', () => {
  it('pauses after five wrong passwords in an hour, across every flow that asks, and tells the customer', async () => {
    const c = await customer();
    const wrong = [
      () =>
        c.client.post('/api/v1/settings/password', {
          currentPassword: 'guess one',
          newPassword: 'a brand new passphrase',
          confirmPassword: 'a brand new passphrase',
        }),
      () =>
        c.client.post('/api/v1/settings/email', {
          email: 'elsewhere@example.com',
          currentPassword: 'guess two',
        }),
      () => c.client.post('/api/v1/pin/reset/start', { password: 'guess three' }),
    ];
    // Five at once: the count is kept under a lock, so none slips past it.
    const answers = await Promise.all(
      [0, 1, 2, 0, 1].map((i) => (wrong[i] as () => ReturnType<typeof c.client.post>)()),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400]);
    // Now even the right password is refused for the hour.
    const right = await c.client.post('/api/v1/pin/reset/start', { password: CUSTOMER_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toMatch(/Too many wrong passwords/);
    const notes = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notes.map((n: { kind: string }) => n.kind)).toContain('security.password_checks_paused');
    expect((await mailTo(suite.app, c.email)).map((m) => m.subject)).toContain(
      'Wrong passwords entered',
    );
  });
});

describe('settings: signed-in browsers', () => {
  it('lists them and signs out one or all others, never another customer’s', async () => {
    const c = await customer();
    const other = await secondBrowser(c.email);
    const list = (await c.client.get('/api/v1/settings/sessions')).json().items;
    expect(list).toHaveLength(2);
    // This browser first, though the other one signed in (and was used) later.
    expect(list.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
    const mine = list.find((s: { current: boolean }) => s.current);
    const theirs = list.find((s: { current: boolean }) => !s.current);
    expect(theirs.device).toBe('Firefox on Linux');
    expect(theirs.place).toBe('This computer');

    const stranger = await customer();
    expect(
      (await stranger.client.post(`/api/v1/settings/sessions/${theirs.id}/end`)).statusCode,
    ).toBe(404);
    expect((await c.client.post(`/api/v1/settings/sessions/${mine.id}/end`)).statusCode).toBe(409);
    expect((await c.client.post(`/api/v1/settings/sessions/${theirs.id}/end`)).statusCode).toBe(
      200,
    );
    expect((await other.get('/api/v1/settings/sessions')).statusCode).toBe(401);

    const third = await secondBrowser(c.email);
    const ended = await c.client.post('/api/v1/settings/sessions/end-others');
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await third.get('/api/v1/settings/sessions')).statusCode).toBe(401);
    expect((await c.client.get('/api/v1/settings/sessions')).json().items).toHaveLength(1);
  });

  it('a sign-in from a new browser is a notification', async () => {
    const c = await customer();
    await secondBrowser(c.email);
    const kinds = (await c.client.get('/api/v1/notifications'))
      .json()
      .items.map((n: { kind: string }) => n.kind);
    expect(kinds).toContain('signin.new_device');
  });
});
