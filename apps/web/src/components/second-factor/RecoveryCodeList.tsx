import { Download } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../ui/CopyButton';
import { downloadText, RECOVERY_CODES_FILE, recoveryCodesText } from './recovery-codes';

/**
 * Ten recovery codes on screen, to copy or save as a text file. Shown once: the server keeps
 * only their hashes. `usedWhen` goes into the file (see recoveryCodesText).
 */
export function RecoveryCodeList({
  codes,
  account,
  usedWhen,
}: {
  codes: string[];
  account: string;
  usedWhen?: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-100 p-4 font-mono text-base font-semibold dark:bg-slate-800"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label="Copy all recovery codes" onResult={setCopied}>
          Copy all
        </CopyButton>
        <button
          type="button"
          onClick={() =>
            downloadText(recoveryCodesText(codes, account, usedWhen), RECOVERY_CODES_FILE)
          }
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-50 dark:hover:bg-slate-800"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download as .txt
        </button>
      </div>
      <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
        {copied === true
          ? 'Recovery codes copied.'
          : copied === false
            ? 'Could not copy: download them or write them down.'
            : ''}
      </p>
    </>
  );
}
