import { useQuery } from '@tanstack/react-query';
import { Fingerprint, Plus } from 'lucide-react';
import { useState } from 'react';
import { passkeyBlocker } from '../../lib/passkey-support';
import { queries } from '../../lib/queries';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { LoadFailed, Loading } from '../ui/QueryStatus';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { PasskeyList } from './PasskeyList';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';
import type { Passkey } from '@bank/contract';

type Open =
  | { dialog: 'add' }
  | { dialog: 'rename'; passkey: Passkey }
  | { dialog: 'remove'; passkey: Passkey }
  | null;

/**
 * The signed-in person's passkeys (customer Settings and the staff's own security page): the
 * list, or what a passkey is when there is none; adding one, renaming, removing with the
 * password. `uses` says what a passkey does for this person, in the empty state.
 */
export function PasskeyManager({ uses }: { uses: string }) {
  const passkeys = useQuery(queries.passkeys());
  const [open, setOpen] = useState<Open>(null);
  // What was just done, said above the list (a removed passkey's buttons are gone with it).
  const [done, setDone] = useState<string | null>(null);
  const blocker = passkeyBlocker();
  const close = () => setOpen(null);
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
  };

  const addButton = blocker ? (
    <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {blocker}
    </p>
  ) : (
    <Button
      variant={passkeys.data?.length ? 'secondary' : 'primary'}
      className="self-start"
      onClick={() => {
        setDone(null);
        setOpen({ dialog: 'add' });
      }}
    >
      <Plus aria-hidden="true" className="h-5 w-5" />
      Add a passkey
    </Button>
  );

  let body;
  if (passkeys.data && passkeys.data.length > 0) {
    body = (
      <>
        <PasskeyList
          passkeys={passkeys.data}
          onRename={(passkey) => {
            setDone(null);
            setOpen({ dialog: 'rename', passkey });
          }}
          onRemove={(passkey) => {
            setDone(null);
            setOpen({ dialog: 'remove', passkey });
          }}
        />
        {addButton}
      </>
    );
  } else if (passkeys.data) {
    body = (
      <div className="flex flex-col gap-3 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700">
        <p className="flex items-center gap-2 font-semibold">
          <Fingerprint aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-50" />
          No passkeys yet
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          A passkey is a key that stays on your phone, computer or security key, unlocked by your
          fingerprint, face or screen lock. {uses} It cannot be guessed, reused or given to a fake
          site. Press “Add a passkey” to make one on this device.
        </p>
        {addButton}
      </div>
    );
  } else if (passkeys.isError) {
    body = (
      <LoadFailed
        error={passkeys.error}
        retrying={passkeys.isFetching}
        onRetry={() => void passkeys.refetch()}
      />
    );
  } else {
    body = <Loading label="Loading your passkeys…" />;
  }

  return (
    <div className="flex flex-col gap-4">
      {done && <Banner tone="success">{done}</Banner>}
      {body}
      {open?.dialog === 'add' && (
        <AddPasskeyDialog
          onClose={close}
          onAdded={(passkey) =>
            finish(`Passkey “${passkey.name}” added. You can use it the next time you sign in.`)
          }
        />
      )}
      {open?.dialog === 'rename' && (
        <RenamePasskeyDialog
          passkey={open.passkey}
          onClose={close}
          onRenamed={(passkey) => finish(`Passkey renamed to “${passkey.name}”.`)}
        />
      )}
      {open?.dialog === 'remove' && (
        <RemovePasskeyDialog
          passkey={open.passkey}
          onClose={close}
          onRemoved={() => finish(`Passkey “${open.passkey.name}” removed.`)}
        />
      )}
    </div>
  );
}
