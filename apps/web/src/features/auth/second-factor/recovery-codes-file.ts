import { BANK_NAME } from '../../../lib/brand';
import { saveBlob } from '../../../lib/download';

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

/** Saves `text` as a plain-text file. */
export function downloadText(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
