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
