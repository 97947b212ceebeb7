import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import type { TestClient } from './http.js';
import { createStaff, signInStaff } from './staff.js';

const CATALOG = '/api/v1/staff/catalog';

/**
 * A staff client whose catalog changes that wait for a second person (202, decision 21) are
 * approved at once by `checker`, a different staff member with catalog.manage: for the suites
 * that set the catalog up to test something else. The answer is then the entry as approval left
 * it, with the status the one-person change had (201 for an addition, else 200).
 */
export function approvingCatalogChanges(
  client: TestClient,
  checker: () => Promise<TestClient>,
): TestClient {
  const original = client.request.bind(client);
  client.request = async (method, url, body, headers) => {
    const response = await original(method, url, body, headers);
    if (response.statusCode !== 202 || !url.startsWith(`${CATALOG}/`)) return response;
    const { approvalId } = response.json() as { approvalId: string };
    const approved = await (
      await checker()
    ).post(`/api/v1/staff/approvals/${approvalId}/approve`, {});
    // Two proposals sent at once may both wait; approving the second then meets the first's
    // change (409), which is the answer the one-person change would have had.
    if (approved.statusCode === 409) return approved;
    expect(approved.statusCode, approved.body).toBe(200);
    const outcome = (approved.json() as { outcome: { label: string; value: string }[] }).outcome;
    const base = /^\/api\/v1\/staff\/catalog\/[a-z-]+/.exec(url)?.[0] ?? url;
    let entry: unknown;
    if (base === `${CATALOG}/institution`) {
      entry = (await original('GET', base)).json();
    } else {
      const id = outcome.find((line) => line.label === 'Entry')?.value;
      const items = (await original('GET', base)).json().items as { id: string }[];
      entry = items.find((item) => item.id === id);
    }
    const text = JSON.stringify(entry);
    return {
      ...response,
      statusCode: method === 'POST' && url === base ? 201 : 200,
      body: text,
      payload: text,
      json: () => JSON.parse(text) as unknown,
    } as LightMyRequestResponse;
  };
  return client;
}

/**
 * An administrator signed in, whose catalog changes a second administrator (created and signed
 * in alongside, while a suite's clock still agrees with their authenticator) approves at once
 * (`approvingCatalogChanges`).
 */
export async function adminApprovingCatalog(
  suite: { app: FastifyInstance; database: Database },
  credentials: { email: string; password: string },
): Promise<TestClient> {
  const second = { email: `checker.${credentials.email}`, password: credentials.password };
  await createStaff(suite.database, credentials);
  await createStaff(suite.database, second);
  const client = await signInStaff(suite.app, credentials);
  const checker = await signInStaff(suite.app, second);
  return approvingCatalogChanges(client, async () => checker);
}
