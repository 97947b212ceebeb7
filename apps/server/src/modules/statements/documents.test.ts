import { pdfTextRuns } from '@bank/test-support';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { renderGate, statementPdf } from './documents.js';
import type { StatementExport } from './service.js';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the PDF render gate', () => {
  it('runs a few at once, queues a few more, and turns the rest away as busy', async () => {
    const gate = renderGate(1, 1);
    const first = deferred();
    const started: string[] = [];
    const a = gate(() => (started.push('a'), first.promise));
    const b = gate(async () => (started.push('b'), 'b'));
    const turnedAway = gate(async () => 'c');
    await expect(turnedAway).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'UNAVAILABLE',
    );
    expect(started).toEqual(['a']);
    first.resolve('a');
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(started).toEqual(['a', 'b']);
    // Everything finished: the slot is free again.
    expect(await gate(async () => 'd')).toBe('d');
  });

  it('frees the slot when the work fails', async () => {
    const gate = renderGate(1, 0);
    const failing = deferred();
    const a = gate(() => failing.promise);
    failing.reject(new Error('broken'));
    await expect(a).rejects.toThrow('broken');
    expect(await gate(async () => 'next')).toBe('next');
  });
});

describe('the PDF statement', () => {
  const statement: StatementExport = {
    bankName: 'Cedar Bank',
    customer: 'Mary Jackson',
    accountNumber: '1234567897',
    currency: 'USD',
    from: '2026-01-01',
    to: '2026-12-31',
    opening: 0n,
    closing: 0n,
    totalIn: 0n,
    totalOut: 0n,
    lines: [],
    filters: [],
    asOf: '2026-11-24',
    fixedDeposits: [],
  };
  const deposit = {
    planName: 'Twelve months',
    accountNumber: '9876543210',
    principal: 1_000_000n,
    rateBp: 525,
    accrued: 12_345n,
    interestAtMaturity: 52_500n,
    startDate: '2026-03-01',
    maturityDate: '2027-03-01',
    status: 'active' as const,
  };

  it('lists the fixed deposits with their terms, over as many pages as they need', async () => {
    const runs = pdfTextRuns(
      await statementPdf({
        ...statement,
        fixedDeposits: [
          deposit,
          ...Array.from({ length: 60 }, (_, i) => ({
            ...deposit,
            planName: `Plan ${i + 2}`,
            status: 'matured' as const,
          })),
        ],
      }),
    );
    expect(runs).toContain('Fixed deposits (as of 24/11/2026)');
    const first = runs.indexOf('Twelve months');
    expect(runs.slice(first, first + 8)).toEqual([
      'Twelve months',
      'Account 9876543210',
      '$10,000.00',
      '5.25 %',
      '$123.45',
      '01/03/2026',
      '01/03/2027',
      'Active',
    ]);
    expect(runs).toContain('Plan 61');
    expect(runs.filter((r) => r === 'Matured')).toHaveLength(60);
    expect(runs.filter((r) => /^Page \d of \d$/.test(r)).length).toBeGreaterThan(1);
  });

  it('has no fixed-deposit section when the customer has none', async () => {
    const runs = pdfTextRuns(await statementPdf(statement));
    expect(runs.join('\n')).not.toContain('Fixed deposits');
    expect(runs).toContain('No Transaction History');
  });
});
