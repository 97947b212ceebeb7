import { BANK_NAME } from '../../lib/brand';
import { saveBlob } from '../../lib/download';

/** Recovery codes this few or fewer are worth a warning. */
export const FEW_RECOVERY_CODES = 3;

export const RECOVERY_CODES_FILE = 'cedar-bank-recovery-codes.txt';

/**
 * The text file a person keeps: what the codes are for, then one code a line. `usedWhen` says
 * when a code helps, e.g. "when your authenticator app is not at hand".
 */
export function recoveryCodesText(
  codes: string[],
  account: string,
  usedWhen = 'when your authenticator app is not at hand',
): string {
  return [
    `${BANK_NAME} recovery codes for ${account}`,
    `Each code signs you in once ${usedWhen}.`,
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
