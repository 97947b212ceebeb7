import { pdfGlyphRuns, pdfTextRuns } from '@bank/test-support';
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
    bank: { name: 'Cedar Bank', postalAddress: '1 Harbour Street\nLondon EC1A 1BB' },
    customer: 'Mary Jackson',
    customerAddress: ['12 Acacia Avenue', 'Leeds', 'United Kingdom'],
    issuedAt: '2026-11-24T10:15:00.000Z',
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

describe('the PDF statement in every script a name may use', () => {
  const base: StatementExport = {
    bank: { name: 'Cedar Bank', postalAddress: '1 Harbour Street\nLondon EC1A 1BB' },
    customer: 'Mary Jackson',
    customerAddress: ['12 Acacia Avenue', 'Leeds', 'United Kingdom'],
    issuedAt: '2026-11-24T10:15:00.000Z',
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
  const line = (memo: string, amount: bigint) => ({
    postingId: 1n,
    entryId: 1n,
    kind: 'transfer_out',
    memo,
    amount,
    currency: 'USD',
    balanceAfter: 0n,
    createdAt: new Date('2026-03-01T10:00:00Z'),
  });

  it('prints the bank, the customer with their address, the period and the issue date', async () => {
    const text = pdfTextRuns(await statementPdf(base)).join('\n');
    for (const words of [
      'Cedar Bank',
      '1 Harbour Street',
      'London EC1A 1BB',
      'Mary Jackson',
      '12 Acacia Avenue',
      'United Kingdom',
      'Period: 01/01/2026 to 31/12/2026',
      'Issued: 24/11/2026, 10:15 UTC',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('writes Chinese, Japanese, Korean, Cyrillic, Greek and Indic names as themselves', async () => {
    const names = [
      '王伟',
      '山田 たろう',
      '김민준',
      'Кирилл',
      'Ωμέγα',
      'Nguyễn Thị',
      'देवनागरी',
      'สมชาย',
    ];
    const runs = pdfTextRuns(
      await statementPdf({
        ...base,
        customer: '王伟',
        lines: names.map((name) => line(`Transfer to ${name}`, -100n)),
      }),
    );
    const text = runs.join('');
    for (const name of names) expect(text).toContain(name);
    expect(text).not.toContain('\uFFFD');
  });

  it('writes an Arabic name joined and right to left', async () => {
    const name = 'محمد أحمد';
    const runs = pdfGlyphRuns(await statementPdf({ ...base, customer: name }));
    // Drawn in display order: read right to left, the glyphs give the name back.
    const arabic = runs.find((glyphs) => glyphs.some((g) => /\p{Script=Arabic}/u.test(g.text)));
    expect(
      [...(arabic ?? [])]
        .reverse()
        .map((g) => g.text)
        .join(''),
    ).toBe(name);
    // Joined: a letter takes its connected forms (م at the start, inside and at the end of a
    // word are three shapes); unshaped, every م would be the same glyph.
    const meem = new Set(arabic?.filter((g) => g.text === 'م').map((g) => g.code));
    expect(meem.size).toBeGreaterThan(1);
  });
});
