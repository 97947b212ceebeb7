// The people scripts/lighthouse.mjs measures pages for, made through the app's own API as a
// person would (the browser suite does the same through the pages: apps/web/e2e/people.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'otplib';
import sharp from 'sharp';

const CSRF = { 'x-bank-csrf': '1' };

/** An API client that keeps the session cookie it is given, as a browser would. */
function client(baseUrl) {
  let cookie = '';
  return {
    cookie: () => cookie,
    async call(method, route, body) {
      const response = await fetch(`${baseUrl}${route}`, {
        method,
        headers: {
          ...CSRF,
          ...(cookie ? { cookie } : {}),
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
      const session = set.find((pair) => /^(__Host-)?bank_session=./.test(pair));
      if (session) cookie = session;
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : {};
    },
  };
}

/** The fixture's customer signed in, with the PIN chosen: the Cookie header of their session. */
export async function signInCustomer(baseUrl, customer) {
  const api = client(baseUrl);
  await api.call('POST', '/api/v1/auth/signin', {
    email: customer.email,
    password: customer.password,
  });
  await api.call('POST', '/api/v1/pin', { pin: '4826', confirmPin: '4826' });
  return api.cookie();
}

/** The bootstrap admin signed in with a new authenticator app: the Cookie header. */
export async function signInStaff(baseUrl, admin) {
  const api = client(baseUrl);
  await api.call('POST', '/api/v1/auth/signin', admin);
  const { secret } = await api.call('POST', '/api/v1/auth/mfa/setup');
  await api.call('POST', '/api/v1/auth/mfa/enrol', { code: await generate({ secret }) });
  return api.cookie();
}

/**
 * A newcomer who signs up, verifies their email with the emailed code and sends their identity
 * documents: the staff queue has a row to show.
 */
export async function seedIdentityCheck(baseUrl, dataDir) {
  const person = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada_lovelace',
    email: 'ada.lovelace@example.com',
    password: 'analytical engine punch cards',
  };
  const api = client(baseUrl);
  await api.call('POST', '/api/v1/auth/signup', { ...person, acceptTerms: true });
  const mail = await waitForMail(dataDir, person.email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error('the verification email has no code');
  await api.call('POST', '/api/v1/auth/verify-email', { email: person.email, code });
  await api.call('POST', '/api/v1/auth/signin', { email: person.email, password: person.password });
  const picture = await sharp({
    create: { width: 320, height: 200, channels: 3, background: '#3a7' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('country', 'GB');
  form.set('phone', '07911 123456');
  form.set('homeAddress', '1 High Street, London');
  form.set('documentType', "Driver's License");
  for (const field of ['pic', 'idcardFront', 'idcardBack']) {
    form.set(field, new Blob([picture], { type: 'image/png' }), `${field}.png`);
  }
  await api.call('POST', '/api/v1/kyc/submission', form);
}

/** The newest email to `to` in the local mailbox (DATA_DIR/mailbox), waited for. */
async function waitForMail(dataDir, to) {
  const dir = path.join(dataDir, 'mailbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'));
    for (const name of names.sort().reverse()) {
      const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
      if (mail.to.toLowerCase() === to.toLowerCase()) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to} within 15 s`);
}
