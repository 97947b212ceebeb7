import { BANK_NAME } from '../../../lib/brand';

/** The text file a staff member keeps: what the codes are for, then one code a line. */
export function recoveryCodesText(codes: string[], account: string): string {
  return [
    `${BANK_NAME} recovery codes for ${account}`,
    'Each code signs you in once when your authenticator app is not at hand.',
    'Keep this file somewhere safe, such as a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Saves `text` as a file through an object URL. The URL is revoked a while later rather than
 * at once: the browser reads it after the click returns, and revoking first can cancel the
 * download.
 */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
