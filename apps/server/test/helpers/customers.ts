import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/connection.js';
import { TestClient } from './http.js';
import { runJobs } from './jobs.js';

export const CUSTOMER_PASSWORD = 'velvet tram orbit lantern';
let seq = 0;

export interface TestCustomer {
  client: TestClient;
  email: string;
  userId: bigint;
  /** What sign-in answered (where the customer was sent). */
  outcome: unknown;
}

/**
 * A customer signed up through the API, their email verified and identity check set to
 * `kycStatus` directly in the database, then signed in: the session sign-in gives that status.
 */
export async function signedInCustomer(
  app: FastifyInstance,
  database: Database,
  options: {
    kycStatus?: 'not_verified' | 'pending' | 'approved' | 'declined';
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestCustomer> {
  seq += 1;
  const tag = `${seq}${Date.now().toString(36)}${process.pid}`;
  const email = `customer.${tag}@example.com`;
  const client = new TestClient(app);
  await client.post('/api/v1/auth/signup', {
    firstName: options.firstName ?? 'Dorothy',
    lastName: options.lastName ?? 'Vaughan',
    username: `c_${tag}`,
    email,
    password: CUSTOMER_PASSWORD,
    acceptTerms: true,
  });
  // The profile is opened by the sign-up job.
  await runJobs(app);
  const user = await database.db
    .updateTable('users')
    .set({ email_verified_at: new Date(), kyc_status: options.kycStatus ?? 'not_verified' })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirstOrThrow();
  const signin = await client.post('/api/v1/auth/signin', { email, password: CUSTOMER_PASSWORD });
  return { client, email, userId: user.id, outcome: signin.json() };
}

/** The transaction PIN the suites' customers choose (not one of the easy guesses). */
export const TEST_PIN = '2580';

/**
 * The customer's transaction PIN, created as the app does (POST /api/v1/pin): what a transfer
 * and every payment out of the balance ask for.
 */
export async function createPin(client: TestClient, pin = TEST_PIN): Promise<void> {
  const res = await client.post('/api/v1/pin', { pin, confirmPin: pin });
  if (res.statusCode !== 201) throw new Error(`PIN not created: ${res.statusCode} ${res.body}`);
}

/** A customer's count of wrong PINs in a row, and the pause they led to (null: none). */
export function pinState(database: Database, userId: bigint) {
  return database.db
    .selectFrom('transaction_pins')
    .select(['failures', 'locked_until as pausedUntil'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}
