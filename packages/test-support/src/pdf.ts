import { inflateSync } from 'node:zlib';

/**
 * The text runs of a PDF made by pdfkit with its built-in fonts: each content stream inflated,
 * each `Tj`/`TJ` string of hex glyph codes (WinAnsi) decoded, in drawing order. Enough to read
 * what a statement says; not a general PDF reader.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const runs: string[] = [];
  // pdfkit ends a stream's data with "\n" alone: compressed data may itself end in a "\r" byte
  // (about one stream in 256), so a "\r" is not taken as part of the end marker.
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(
      /\[((?:<[0-9a-f]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-f]*)>\s*Tj/g,
    )) {
      const hex =
        op[1] !== undefined
          ? [...op[1].matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('')
          : (op[2] ?? '');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}
