import PDFDocument from 'pdfkit';
import { registerFaces } from './fonts.js';
import { writeBlock, writeParagraph } from './text.js';

/** What the bank's documents (statements, receipts) share: the page, the fonts, the letterhead. */

export const MARGIN = 48;
export const BRAND_COLOR = '#0f5132';
export const MUTED_COLOR = '#475569';

export interface Letterhead {
  name: string;
  postalAddress: string | null;
}

/** A new A4 document with every face registered, and the bytes it will make. */
export function newDocument(info: { Title: string; Author: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info });
  registerFaces(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes, width: doc.page.width - MARGIN * 2 };
}

/** The bank's name, and its postal address under it when staff have set one. */
export function writeLetterhead(doc: PDFKit.PDFDocument, bank: Letterhead, width: number) {
  writeParagraph(doc, bank.name, { size: 18, bold: true, color: BRAND_COLOR, width });
  if (bank.postalAddress) {
    for (const line of bank.postalAddress.split(/\r?\n/)) {
      writeParagraph(doc, line, { size: 9, color: MUTED_COLOR, width });
    }
  }
}

/** "Page n of m" in the bottom margin of every page. */
export function writePageNumbers(doc: PDFKit.PDFDocument, width: number) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written in the bottom margin: without this, pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    writeBlock(doc, `Page ${i + 1} of ${range.count}`, {
      x: MARGIN,
      y: doc.page.height - MARGIN + 10,
      width,
      size: 8,
      align: 'right',
      color: MUTED_COLOR,
    });
  }
}
