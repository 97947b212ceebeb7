import { formatDay, formatDayTime, formatMoney, formatRate, toDecimalString } from '@bank/contract';
import { stringify } from 'csv-stringify/sync';
import { setImmediate } from 'node:timers/promises';
import { spreadsheetSafe } from '../../platform/csv.js';
import { AppError } from '../../platform/errors.js';
import {
  MARGIN,
  MUTED_COLOR,
  newDocument,
  writeLetterhead,
  writePageNumbers,
} from '../../platform/pdf/document.js';
import { heightOf, writeBlock, writeParagraph } from '../../platform/pdf/text.js';
import type { StatementExport } from './service.js';

/**
 * CSV: one row per line, oldest first, amounts as exact decimals with a sign (money out is
 * negative), the balance after each. Cells that a spreadsheet would run as a formula are
 * prefixed with a quote (CSV injection).
 */
export function statementCsv(s: StatementExport): string {
  return stringify(
    [
      ['Date', 'Description', 'Type', 'Amount', 'Balance', 'Currency'],
      ...s.lines.map((line) => [
        line.createdAt.toISOString(),
        spreadsheetSafe(line.memo),
        line.amount > 0n ? 'credit' : 'debit',
        toDecimalString(line.amount),
        toDecimalString(line.balanceAfter),
        line.currency,
      ]),
    ],
    { record_delimiter: '\r\n' },
  );
}

/** Statements count days in UTC; the PDF writes them in the app's one style (day/month/year). */
const dateOf = (d: Date) => formatDay(d, 'UTC');

/** Lines laid out between two turns of the event loop (about 10 ms of work). */
const ROWS_PER_SLICE = 50;

/**
 * A PDF statement in the bank's embedded fonts (platform/pdf: every script a name may use): the
 * bank's name and address, the customer's name and address, the account, the period and the
 * day it was issued, opening and closing balances and totals, then every line with its running
 * balance, the customer's fixed deposits (when there are any), and "Page n of m" on each page.
 */
export async function statementPdf(s: StatementExport): Promise<Buffer> {
  const { doc, bytes, width } = newDocument({
    Title: `Statement ${s.accountNumber} ${s.from} to ${s.to}`,
    Author: s.bank.name,
  });
  const money = (minor: bigint) => formatMoney(minor, s.currency);
  const text = (words: string, style: { size?: number; bold?: boolean; color?: string } = {}) =>
    writeParagraph(doc, words, { size: 10, width, ...style });

  writeLetterhead(doc, s.bank, width);
  doc.y += 8;
  text('Account statement', { size: 14, bold: true });
  doc.y += 4;
  text(s.customer, { bold: true });
  for (const line of s.customerAddress) text(line);
  doc.y += 4;
  text(`Account number: ${s.accountNumber}`);
  text(
    s.from === 'opening'
      ? `Period: from the account's opening to ${formatDay(s.to)}`
      : `Period: ${formatDay(s.from)} to ${formatDay(s.to)}`,
  );
  text(`Issued: ${formatDayTime(s.issuedAt, 'UTC')}`);
  text(`Opening balance: ${money(s.opening)}`);
  text(`Money in: ${money(s.totalIn)}    Money out: ${money(s.totalOut)}`);
  text(`Closing balance: ${money(s.closing)}`);
  if (s.filters.length > 0) {
    doc.y += 3;
    text(
      `Filtered (${s.filters.join('; ')}): only the lines that match are listed; the balances and totals above are the whole period's.`,
      { color: '#92400e' },
    );
  }
  doc.y += 12;

  const lines = table(doc, [
    { title: 'Date', width: 64, align: 'left' },
    { title: 'Description', width: width - 64 - 3 * 80, align: 'left' },
    { title: 'Money in', width: 80, align: 'right' },
    { title: 'Money out', width: 80, align: 'right' },
    { title: 'Balance', width: 80, align: 'right' },
  ]);
  if (s.lines.length === 0) lines.row(['', 'No Transaction History', '', '', '']);
  for (const [index, line] of s.lines.entries()) {
    // Laying out a line takes about 0.2 ms: other requests get the event loop between slices.
    if (index > 0 && index % ROWS_PER_SLICE === 0) await setImmediate();
    const credit = line.amount > 0n;
    lines.row([
      dateOf(line.createdAt),
      line.memo,
      credit ? money(line.amount) : '',
      credit ? '' : money(-line.amount),
      money(line.balanceAfter),
    ]);
  }
  if (s.fixedDeposits.length > 0) fixedDepositsSection(doc, s, width);
  writePageNumbers(doc, width);
  doc.end();
  return bytes;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const CELL_SIZE = 9;

/**
 * A table from the left margin: its header row in bold, then a `row` per line, each as tall as
 * its tallest cell, on a new page when it would not fit.
 */
export function table(doc: PDFKit.PDFDocument, columns: Column[]) {
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const row = (cells: string[], bold = false) => {
    const style = { size: CELL_SIZE, bold };
    const heights = cells.map((cell, i) =>
      heightOf(doc, cell, { ...style, width: (columns[i]?.width ?? 0) - 6 }),
    );
    const height = Math.max(...heights) + 6;
    if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      writeBlock(doc, cell, {
        ...style,
        x: x + 3,
        y: y + 3,
        width: column.width - 6,
        align: column.align,
      });
      x += column.width;
    });
    doc.y = y + height;
    doc.x = MARGIN;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  return { row: (cells: string[]) => row(cells) };
}

/**
 * The customer's fixed deposits: each has its own account, so its interest is not among the
 * current account's lines; principal, rate, interest accrued so far, dates and status.
 */
function fixedDepositsSection(doc: PDFKit.PDFDocument, s: StatementExport, width: number) {
  const money = (minor: bigint) => formatMoney(minor, s.currency);
  // The heading, its note and a row or two stay together on one page.
  if (doc.y + 90 > doc.page.height - MARGIN - 20) doc.addPage();
  doc.y += 12;
  writeParagraph(doc, `Fixed deposits (as of ${formatDay(s.asOf)})`, {
    size: 12,
    bold: true,
    width,
  });
  doc.y += 3;
  writeParagraph(
    doc,
    'Each fixed deposit is held in its own account. Interest accrues daily and is paid into the current account with the principal at maturity.',
    { size: 9, color: MUTED_COLOR, width },
  );
  doc.y += 6;
  const deposits = table(doc, [
    { title: 'Plan', width: width - 70 - 45 - 65 - 2 * 60 - 52, align: 'left' },
    { title: 'Principal', width: 70, align: 'right' },
    { title: 'Rate', width: 45, align: 'right' },
    { title: 'Accrued', width: 65, align: 'right' },
    { title: 'Start', width: 60, align: 'left' },
    { title: 'Maturity', width: 60, align: 'left' },
    { title: 'Status', width: 52, align: 'left' },
  ]);
  for (const fd of s.fixedDeposits) {
    deposits.row([
      `${fd.planName}\nAccount ${fd.accountNumber}`,
      money(fd.principal),
      formatRate(fd.rateBp),
      money(fd.accrued),
      formatDay(fd.startDate),
      formatDay(fd.maturityDate),
      fd.status === 'matured' ? 'Matured' : 'Active',
    ]);
  }
}

/**
 * Runs at most `slots` pieces of work at once; up to `queue` more wait their turn, and beyond
 * that the request is told the service is busy (503 with Retry-After) rather than piling up.
 */
export function renderGate(slots: number, queue: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < slots) {
      active += 1;
    } else if (waiting.length < queue) {
      // The slot is handed over by the one that finishes (active stays as it is).
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      throw new AppError(
        'UNAVAILABLE',
        'Many statements are being prepared right now. Please try again in a minute.',
      );
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
