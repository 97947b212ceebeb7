import { useState } from 'react';
import { CopyButton } from '../ui/CopyButton';

/** "JBSWY3DPEHPK3PXP" as "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The authenticator key, grouped for reading and copied whole, for an app that cannot scan. */
export function AuthenticatorKey({ secret, account }: { secret: string; account: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p className="text-sm font-medium">Can’t scan it? Type this key into the app:</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <code className="font-mono text-base font-semibold tracking-wider break-words">
          {groupKey(secret)}
        </code>
        <CopyButton text={secret} label="Copy key" onResult={setCopied} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Account: <span className="wrap-anywhere">{account}</span>. Type: time-based.
      </p>
      <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
        {copied === true ? 'Key copied.' : copied === false ? 'Could not copy: type the key.' : ''}
      </p>
    </div>
  );
}
