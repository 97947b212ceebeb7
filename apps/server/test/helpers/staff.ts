import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { TestClient } from './http.js';

const PERIOD_S = 30;
/** Each staff member's authenticator key and the last time step used, as their phone would. */
const phones = new Map<string, { secret: string; lastStep: number }>();

/**
 * The code a staff member's authenticator shows now. A code is accepted once, so a second
 * sign-in within the same 30 seconds uses the next step's code (the server accepts one step of
 * drift), or waits for the next step.
 */
export async function authenticatorCode(email: string): Promise<string> {
  const phone = phones.get(email.toLowerCase());
  if (!phone) throw new Error(`${email} has no authenticator set up in this test run`);
  const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_S);
  let step = Math.max(currentStep(), phone.lastStep + 1);
  if (step > currentStep() + 1) {
    // Two codes used within one step already: wait until the next code is current enough.
    await new Promise((resolve) =>
      setTimeout(resolve, (step - 1) * PERIOD_S * 1000 - Date.now() + 50),
    );
    step = Math.max(currentStep(), phone.lastStep + 1);
  }
  phone.lastStep = step;
  return generate({ secret: phone.secret, epoch: step * PERIOD_S });
}

/** The code a staff member's key gave at another moment (seconds since the epoch). */
export function codeAt(email: string, epochSeconds: number): Promise<string> {
  const phone = phones.get(email.toLowerCase());
  if (!phone) throw new Error(`${email} has no authenticator set up in this test run`);
  return generate({ secret: phone.secret, epoch: epochSeconds });
}

/** Remembers a key read from the set-up answer, as scanning the QR code would. */
export function rememberAuthenticator(email: string, secret: string) {
  phones.set(email.toLowerCase(), {
    secret,
    lastStep: Math.floor(Date.now() / 1000 / PERIOD_S) - 1,
  });
}

/**
 * Signs a staff member in through both steps: the password, then the authenticator app (set
 * up on the first sign-in, as the bootstrap admin does). Returns the client with the staff
 * session and, the first time, the recovery codes.
 */
export async function signInStaff(
  app: FastifyInstance,
  credentials: { email: string; password: string },
): Promise<TestClient & { recoveryCodes?: string[] }> {
  const client = new TestClient(app);
  const signin = await client.post('/api/v1/auth/signin', credentials);
  expect(signin.statusCode, signin.body).toBe(200);
  const outcome = signin.json() as { next: string; enrolled?: boolean };
  expect(outcome.next).toBe('staff_mfa');
  if (!outcome.enrolled) {
    const setup = await client.post('/api/v1/auth/mfa/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    rememberAuthenticator(credentials.email, setup.json().secret);
    const enrol = await client.post('/api/v1/auth/mfa/enrol', {
      code: await authenticatorCode(credentials.email),
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    return Object.assign(client, { recoveryCodes: enrol.json().recoveryCodes as string[] });
  }
  const verify = await client.post('/api/v1/auth/mfa/verify', {
    code: await authenticatorCode(credentials.email),
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return client;
}

/** A staff member whose only role is `role` (created as an admin, then narrowed). */
export async function createStaff(
  database: Database,
  credentials: { email: string; password: string },
  role = 'admin',
): Promise<bigint> {
  await bootstrapAdmin(database.db, credentials);
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', credentials.email)
    .executeTakeFirstOrThrow();
  if (role !== 'admin') {
    const granted = await database.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', role)
      .executeTakeFirstOrThrow();
    await database.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    await database.db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: granted.id })
      .execute();
  }
  return user.id;
}
