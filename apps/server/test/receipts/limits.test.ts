/**
 * The public check of a receipt is limited per address (decision 0026): with 100-bit references
 * nobody finds a receipt by guessing, and nobody may try at speed either.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp({ rateLimits: true });

describe('the public receipt check', () => {
  it('answers ten checks a minute from one address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await suite.app.inject({
        method: 'GET',
        url: `/api/v1/receipts/${'1'.repeat(20)}`,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429, 429]);
    const elsewhere = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/receipts/${'1'.repeat(20)}`,
      remoteAddress: '203.0.113.10',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
