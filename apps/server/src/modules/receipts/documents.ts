import QRCode from 'qrcode';
import {
  BRAND_COLOR,
  MARGIN,
  MUTED_COLOR,
  newDocument,
  writeLetterhead,
  type Letterhead,
} from '../../platform/pdf/document.js';
import { heightOf, writeBlock, writeParagraph } from '../../platform/pdf/text.js';

/** A receipt as it is printed: the bank, what happened, and how to check it. */
export interface ReceiptDocument {
  bank: Letterhead;
  title: string;
  /** Printed in groups of four. */
  reference: string;
  /** The bank's public page for this reference. */
  verifyUrl: string;
  /** When, in words: "27/11/2026, 10:00 UTC". */
  issued: string;
  rows: [string, string][];
}

const LABEL_WIDTH = 120;

/**
 * The receipt PDF, in the statements' fonts (every script a name may use): the bank's name and
 * address, the details line by line, then the verification reference with the public page's
 * address and its QR code.
 */
export async function receiptPdf(r: ReceiptDocument): Promise<Buffer> {
  const { doc, bytes, width } = newDocument({
    Title: `${r.title} ${r.reference}`,
    Author: r.bank.name,
  });
  writeLetterhead(doc, r.bank, width);
  doc.y += 10;
  writeParagraph(doc, r.title, { size: 16, bold: true, width });
  writeParagraph(doc, `Issued ${r.issued}`, {
    size: 9,
    color: MUTED_COLOR,
    width,
  });
  doc.y += 10;
  for (const [label, value] of r.rows) {
    const style = { size: 10 };
    const height = Math.max(
      heightOf(doc, label, { ...style, bold: true, width: LABEL_WIDTH - 8 }),
      heightOf(doc, value, { ...style, width: width - LABEL_WIDTH }),
    );
    const y = doc.y;
    writeBlock(doc, label, { ...style, bold: true, x: MARGIN, y, width: LABEL_WIDTH - 8 });
    writeBlock(doc, value, { ...style, x: MARGIN + LABEL_WIDTH, y, width: width - LABEL_WIDTH });
    doc.y = y + height + 6;
  }
  doc.y += 14;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.5)
    .strokeColor('#cbd5e1')
    .stroke();
  doc.y += 12;
  const top = doc.y;
  const qr = await QRCode.toBuffer(r.verifyUrl, { margin: 0, width: 240 });
  doc.image(qr, MARGIN + width - 90, top, { width: 90 });
  const textWidth = width - 110;
  writeParagraph(doc, 'Verification reference', { size: 10, bold: true, width: textWidth });
  writeParagraph(doc, r.reference, { size: 14, bold: true, color: BRAND_COLOR, width: textWidth });
  doc.y += 4;
  writeParagraph(
    doc,
    `Anyone can check this receipt with its reference on our website: ${r.verifyUrl}`,
    { size: 9, width: textWidth },
  );
  writeParagraph(
    doc,
    'The page confirms the date, the amount, the status and the parties (their names shortened), and the status today.',
    { size: 9, color: MUTED_COLOR, width: textWidth },
  );
  doc.end();
  return bytes;
}
