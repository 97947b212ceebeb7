export const BANK_NAME = 'Cedar Bank';

/** The HTML body of a bank email: paragraphs (already escaped) and the bank's name. */
export function emailHtml(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}<p>${BANK_NAME}</p></body></html>`;
}
