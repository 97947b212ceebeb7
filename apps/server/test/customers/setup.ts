import sharp from 'sharp';
import { expect } from 'vitest';
import { findAccount } from '../../src/ledger/index.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { runJobs } from '../helpers/jobs.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import type { TestSuite } from '../helpers/suite.js';
import { transferHelpers } from '../transfers/setup.js';

/**
 * Helpers shared by the customer suites (the back office's customers, decision 21): a customer
 * who went through the identity check for real (documents, staff approval, profile phone), the
 * staff who manage customers, the actions as the back office calls them, and reads of the audit
 * log and the notifications a customer was sent.
 */

export const CUSTOMERS = '/api/v1/staff/customers';
let seq = 0;

export function customerHelpers(suite: TestSuite) {
  const t = transferHelpers(suite);

  /** Operations staff: customers.manage (and funding review, transfer processing). */
  const manager = () => t.staff('operations');

  let png: Buffer | undefined;
  async function picture() {
    png ??= await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    return png;
  }

  /**
   * A customer who signed up, sent their identity documents (with `phone`) and was approved by
   * staff: an open account, a profile with the phone; signed in again afterwards.
   */
  async function verifiedCustomer(
    names: { firstName?: string; lastName?: string; phone?: string } = {},
  ) {
    seq += 1;
    const tag = `${seq}${Date.now().toString(36)}${process.pid}`;
    const email = `verified.${tag}@example.com`;
    const username = `v_${tag}`;
    const client = new TestClient(suite.app);
    const signup = await client.post('/api/v1/auth/signup', {
      firstName: names.firstName ?? 'Mary',
      lastName: names.lastName ?? 'Jackson',
      username,
      email,
      password: CUSTOMER_PASSWORD,
      acceptTerms: true,
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    await runJobs(suite.app);
    const user = await suite.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirstOrThrow();
    const signin = await client.post('/api/v1/auth/signin', { email, password: CUSTOMER_PASSWORD });
    expect(signin.json()).toMatchObject({ next: 'kyc_submit' });
    const image = await picture();
    const { payload, contentType } = multipartBody([
      { name: 'country', value: 'GB' },
      { name: 'phone', value: names.phone ?? '07911 123456' },
      { name: 'homeAddress', value: '1 High Street, London' },
      { name: 'documentType', value: "Driver's License" },
      { name: 'pic', value: image, fileName: 'me.png', type: 'image/png' },
      { name: 'idcardFront', value: image, fileName: 'front.png', type: 'image/png' },
      { name: 'idcardBack', value: image, fileName: 'back.png', type: 'image/png' },
    ]);
    const submitted = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/submission',
      payload,
      headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: client.cookie ?? '' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const submission = await suite.database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const approved = await (
      await t.staff()
    ).post(`/api/v1/staff/kyc/submissions/${submission.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const accountNumber = (approved.json() as { accountNumber: string }).accountNumber;
    const account = await findAccount(suite.database.db, { accountNumber });
    if (!account) throw new Error('no account');
    const again = new TestClient(suite.app);
    const second = await again.post('/api/v1/auth/signin', { email, password: CUSTOMER_PASSWORD });
    expect(second.json()).toMatchObject({ next: 'dashboard' });
    return {
      client: again,
      email,
      username,
      userId: user.id,
      accountId: account.id,
      accountNumber,
      submissionId: submission.id,
    };
  }

  /** The audit rows of one action on one customer, oldest first. */
  async function audited(customerId: bigint, action: string) {
    return suite.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id as actorId', 'target_id as targetId', 'before', 'after'])
      .where('customer_id', '=', customerId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  }

  /** The notifications a customer was sent, newest first. */
  async function noticesOf(userId: bigint) {
    return suite.database.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  async function freeze(
    customerId: bigint,
    scope: 'debits' | 'credits' | 'both',
    reasonCode = 'suspected_fraud',
  ) {
    const res = await (
      await manager()
    ).post(`${CUSTOMERS}/${customerId}/freeze`, {
      scope,
      reasonCode,
      note: 'Case 2291: card testing pattern reported by the fraud team',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { outcome: string; customer: Record<string, unknown> };
  }

  async function unfreeze(customerId: bigint) {
    const res = await (
      await manager()
    ).post(`${CUSTOMERS}/${customerId}/unfreeze`, { reason: 'Case 2291 closed: no fraud found' });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A crypto form as the browser sends it, whatever the answer (funding's own `send`). */
  async function sendForm(client: TestClient, form: string, parts: Part[]) {
    const { payload, contentType } = multipartBody(parts);
    return suite.app.inject({
      method: 'POST',
      url: `/api/v1/funding/${form}`,
      payload,
      headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: client.cookie ?? '' },
    });
  }

  return { ...t, manager, verifiedCustomer, audited, noticesOf, freeze, unfreeze, sendForm };
}
