import { toDecimalString, formatMoney } from '@bank/contract';
import { PDFDocument } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postTransfer } from '../../src/ledger/index.js';
import { signedInCustomer } from '../helpers/customers.js';
import { fund, internalAccounts, openCustomer, uniqueKey } from '../helpers/ledger.js';
import { pdfTextRuns } from '@bank/test-support';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An approved customer with an open account, and a way to move money in and out of it. */
async function customerWithAccount() {
  const signed = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
  const account = await openCustomer(suite.database.db, 'USD', {
    ownerId: signed.userId,
    name: 'Dorothy Vaughan',
  });
  const internal = await internalAccounts(suite.database.db, 'USD');
  const credit = (amount: bigint, memo = 'test deposit') =>
    memo === 'test deposit'
      ? fund(suite.database.db, account, amount)
      : postTransfer(suite.database.db, {
          idempotencyKey: uniqueKey('in'),
          kind: 'crypto_deposit',
          memo,
          actor: 'system',
          fromAccountId: internal.crypto_deposit_clearing.id,
          toAccountId: account.id,
          amount,
          currency: 'USD',
        });
  const debit = (amount: bigint, memo = 'Transfer out') =>
    postTransfer(suite.database.db, {
      idempotencyKey: uniqueKey('out'),
      kind: 'transfer_out',
      memo,
      actor: 'system',
      fromAccountId: account.id,
      toAccountId: internal.outgoing_transfer_clearing.id,
      amount,
      currency: 'USD',
    });
  return { ...signed, account, credit, debit };
}

describe('statements', () => {
  it('lines, totals, CSV and PDF equal what the ledger holds after random postings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 500_000 })), {
          minLength: 0,
          maxLength: 12,
        }),
        async (moves) => {
          const c = await customerWithAccount();
          let balance = 0n;
          let totalIn = 0n;
          let totalOut = 0n;
          for (const [isCredit, cents] of moves) {
            const amount = BigInt(cents);
            if (isCredit || amount > balance) {
              await c.credit(amount);
              balance += amount;
              totalIn += amount;
            } else {
              await c.debit(amount);
              balance -= amount;
              totalOut += amount;
            }
          }
          const page = (
            await c.client.get(`/api/v1/statements?from=${today()}&to=${today()}&limit=100`)
          ).json();
          expect(page.period).toMatchObject({
            opening: '0',
            closing: String(balance),
            totalIn: String(totalIn),
            totalOut: String(totalOut),
          });
          expect(page.items).toHaveLength(moves.length);
          // Newest first, each with the balance after it: replaying them oldest first adds up.
          let running = 0n;
          for (const line of [...page.items].reverse()) {
            running +=
              line.transactionType === 'credit' ? BigInt(line.amount) : -BigInt(line.amount);
            expect(line.balanceAfter).toBe(String(running));
          }

          const csv = await c.client.get(`/api/v1/statements/export.csv?from=${today()}`);
          expect(csv.statusCode).toBe(200);
          const rows = csv.body.trim().split('\r\n');
          expect(rows[0]).toBe('Date,Description,Type,Amount,Balance,Currency');
          expect(rows).toHaveLength(moves.length + 1);
          const csvSum = rows
            .slice(1)
            .map((r) => r.split(',')[3] ?? '0')
            .reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
          expect(csvSum).toBe(balance);
          if (rows.length > 1) expect(rows.at(-1)?.split(',')[4]).toBe(toDecimalString(balance));

          const pdf = await c.client.get(`/api/v1/statements/export.pdf?from=${today()}`);
          expect(pdf.statusCode).toBe(200);
          expect(pdf.headers['content-type']).toBe('application/pdf');
          const runs = pdfTextRuns(pdf.rawPayload);
          expect(runs).toContain(`Opening balance: ${formatMoney(0n, 'USD')}`);
          expect(runs).toContain(`Closing balance: ${formatMoney(balance, 'USD')}`);
          expect(runs).toContain(`Account number: ${c.account.accountNumber}`);
          expect(runs.filter((r) => r === 'test deposit' || r === 'Transfer out')).toHaveLength(
            moves.length,
          );
        },
      ),
      { numRuns: 8 },
    );
  });

  it('filters by period, direction, amount and words of the description', async () => {
    const c = await customerWithAccount();
    await c.credit(10_000n, 'Salary November');
    await c.credit(2_550n, 'Refund from shop');
    await c.debit(4_000n, 'Rent');
    const lines = async (query: string) =>
      (await c.client.get(`/api/v1/statements?${query}`))
        .json()
        .items.map((i: { name: string }) => i.name);
    expect(await lines('')).toEqual(['Rent', 'Refund from shop', 'Salary November']);
    expect(await lines('type=debit')).toEqual(['Rent']);
    expect(await lines('type=credit&min=30')).toEqual(['Salary November']);
    expect(await lines('min=25.50&max=40')).toEqual(['Rent', 'Refund from shop']);
    expect(await lines('q=salary')).toEqual(['Salary November']);
    expect(await lines('q=%25')).toEqual([]);
    expect(await lines(`to=${dayOffset(-1)}`)).toEqual([]);
    const yesterday = (await c.client.get(`/api/v1/statements?to=${dayOffset(-1)}`)).json();
    expect(yesterday.period).toMatchObject({ opening: '0', closing: '0' });
    const fromTomorrow = (await c.client.get(`/api/v1/statements?from=${dayOffset(1)}`)).json();
    expect(fromTomorrow.period).toMatchObject({ opening: '8550', closing: '8550' });

    for (const bad of [
      'from=2026-13-01',
      'to=2026-02-31',
      'type=both',
      'min=-5',
      'min=1.234',
      'from=2026-02-01&to=2026-01-01',
      'min=9&max=1',
      'q=%00',
    ]) {
      expect((await c.client.get(`/api/v1/statements?${bad}`)).statusCode, bad).toBe(400);
    }

    // A filtered download names its filters, and without a start date runs from the opening.
    const pdf = await c.client.get('/api/v1/statements/export.pdf?type=debit&q=rent');
    const text = pdfTextRuns(pdf.rawPayload).join('\n');
    expect(text).toContain("Period: from the account's opening to");
    expect(text).toContain('Filtered (Debit only; Description contains "rent")');
    expect(text).not.toContain('Salary November');
    const csv = await c.client.get('/api/v1/statements/export.csv?type=debit');
    expect(csv.headers['content-disposition']).toMatch(/-opening-\d{4}-\d{2}-\d{2}\.csv"$/);

    const chart = (await c.client.get('/api/v1/statements/chart')).json();
    expect(chart.days).toEqual([{ day: today(), balance: '8550' }]);
    expect(chart.months).toEqual([
      { month: today().slice(0, 7), moneyIn: '12550', moneyOut: '4000' },
    ]);
  });

  it("never shows another customer's lines, and guards the CSV against formulas", async () => {
    const a = await customerWithAccount();
    const b = await customerWithAccount();
    await a.credit(1_000n, '=HYPERLINK("http://evil.example")');
    // Where ";" separates cells (much of Europe), the part after it is a cell of its own.
    await a.credit(2_000n, 'Rent; =1+2');
    expect((await b.client.get('/api/v1/statements')).json().items).toEqual([]);
    const csv = (await a.client.get('/api/v1/statements/export.csv')).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain("Rent; '=1+2");
    expect(csv).not.toMatch(/^=|,=|;\s*=/m);
  });

  it('makes a PDF with page numbers on every page', async () => {
    const c = await customerWithAccount();
    // More than one page of the ledger (200 lines) goes into one export.
    for (let i = 0; i < 230; i++) await c.credit(BigInt(100 + i), `Deposit number ${i + 1}`);
    const pdf = await c.client.get('/api/v1/statements/export.pdf');
    const pages = (await PDFDocument.load(pdf.rawPayload)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const runs = pdfTextRuns(pdf.rawPayload);
    for (let n = 1; n <= pages; n++) expect(runs).toContain(`Page ${n} of ${pages}`);
    expect(runs.filter((r) => r.startsWith('Deposit number '))).toHaveLength(230);
  });
});
