import { Download, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CheckboxField } from '../../../components/ui/CheckboxField';
import { CopyButton } from '../../../components/ui/CopyButton';
import { downloadText, recoveryCodesText } from './recovery-codes-file';
import { StepHeader } from './StepHeader';

const FILE_NAME = 'cedar-bank-recovery-codes.txt';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy them, save
 * them as a file, and say so before going on to the back office.
 */
export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [mustConfirm, setMustConfirm] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = recoveryCodesText(codes, account);

  return (
    <div className="flex flex-col gap-6">
      <StepHeader icon={KeyRound} title="Save your recovery codes">
        Your authenticator app is set up. If you lose your phone, each of these codes signs you in
        once. This is the only time we show them.
      </StepHeader>
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
          onClick={() => downloadText(text, FILE_NAME)}
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
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!saved) {
            setMustConfirm(true);
            return;
          }
          void navigate('/admin', { replace: true });
        }}
      >
        <CheckboxField
          label="I have saved my recovery codes"
          checked={saved}
          onChange={(event) => {
            setSaved(event.target.checked);
            setMustConfirm(false);
          }}
          error={mustConfirm ? 'Save your recovery codes, then tick this box.' : undefined}
        />
        {mustConfirm && (
          <Banner tone="warning">
            Without them, a lost phone means asking an administrator to reset your sign-in.
          </Banner>
        )}
        <Button type="submit">Continue</Button>
      </form>
    </div>
  );
}
