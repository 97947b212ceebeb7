import { EMAIL_CODE_LENGTH, RESEND_COOLDOWN_MS } from '@bank/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { OtpInput } from '../../../components/ui/OtpInput';
import { useCooldown } from '../../../hooks/useCooldown';

/**
 * The second step after repeated attempts (decision 0009): the code the server emailed, sent
 * back with the same email and password. The server emails a code only for the right password
 * and answers alike either way, so the step says so, and offers to type the password again.
 * The code boxes take the focus as the step appears.
 */
export function CodeStep({
  email,
  code,
  onCodeChange,
  onCode,
  onNewCode,
  onBack,
  pending,
  failed,
}: {
  email: string;
  /** The code typed so far; the page empties it when a code is refused. */
  code: string;
  onCodeChange: (code: string) => void;
  onCode: (code: string) => void;
  /** Asks again without a code: the server emails a new one (at most one a minute). */
  onNewCode: () => void;
  onBack: () => void;
  pending: boolean;
  /** True when the last code was refused. */
  failed: boolean;
}) {
  const [tooShort, setTooShort] = useState(false);
  // The server has just sent one: another can be asked for after the same pause.
  const cooldown = useCooldown(RESEND_COOLDOWN_MS, { running: true });

  const submit = (value: string) => {
    setTooShort(value.length !== EMAIL_CODE_LENGTH);
    if (value.length === EMAIL_CODE_LENGTH) onCode(value);
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
        <MailCheck
          aria-hidden="true"
          className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-50"
        />
        <span id="signin-code-hint">
          We emailed a sign-in code to <strong className="break-all">{email}</strong>, if the
          password you entered is right. It works once, for 10 minutes. No email after a minute or
          two? Your password may not be right: re-enter it below.
        </span>
      </p>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <OtpInput
          id="signin-code"
          label="Sign-in code"
          length={EMAIL_CODE_LENGTH}
          value={code}
          onChange={onCodeChange}
          onComplete={submit}
          disabled={pending}
          invalid={tooShort || failed}
          describedBy={tooShort ? 'signin-code-hint signin-code-error' : 'signin-code-hint'}
          autoFocus
        />
        {tooShort && (
          <p id="signin-code-error" className="text-sm text-red-700 dark:text-red-400">
            Enter the {EMAIL_CODE_LENGTH}-digit code
          </p>
        )}
        <Button type="submit" loading={pending}>
          Sign in
        </Button>
      </form>
      <div className="flex flex-col items-start gap-2 text-sm">
        <Button
          variant="secondary"
          disabled={cooldown.active || pending}
          onClick={() => {
            cooldown.start();
            onNewCode();
          }}
        >
          Send a new code
        </Button>
        {cooldown.active && (
          <span className="text-slate-600 dark:text-slate-400">
            You can ask for another code in {cooldown.secondsLeft} s.
          </span>
        )}
        <button
          type="button"
          onClick={onBack}
          className="mt-2 min-h-11 font-semibold text-brand-700 underline dark:text-brand-50"
        >
          Re-enter your password
        </button>
      </div>
    </div>
  );
}
