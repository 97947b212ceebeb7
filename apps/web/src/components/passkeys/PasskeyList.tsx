import type { Passkey } from '@bank/contract';
import { KeyRound } from 'lucide-react';
import { formatDateTime, formatDay } from '../../lib/format';
import { Button } from '../ui/Button';

/** One line per passkey: its name, when added, when last used; rename and remove. */
export function PasskeyList({
  passkeys,
  onRename,
  onRemove,
}: {
  passkeys: Passkey[];
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
}) {
  return (
    <ul aria-label="Your passkeys" className="divide-y divide-slate-200 dark:divide-slate-800">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="flex min-w-0 items-start gap-3">
            <KeyRound
              aria-hidden="true"
              className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
            />
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere]">{passkey.name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Added <time dateTime={passkey.createdAt}>{formatDay(passkey.createdAt)}</time>
                {' · '}
                {passkey.lastUsedAt ? (
                  <>
                    last used{' '}
                    <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
                  </>
                ) : (
                  'Never used'
                )}
              </p>
            </div>
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="px-4"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => onRename(passkey)}
            >
              Rename
            </Button>
            <Button
              variant="secondary"
              className="px-4"
              aria-label={`Remove ${passkey.name}`}
              onClick={() => onRemove(passkey)}
            >
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
