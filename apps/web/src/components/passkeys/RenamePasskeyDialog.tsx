import { PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '@bank/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { useRenamePasskey } from './api';

/** A new name for one passkey. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey;
  onClose: () => void;
  onRenamed: (passkey: Passkey) => void;
}) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate(
      { id: passkey.id, name: parsed.data },
      {
        onSuccess: onRenamed,
        onError: (error) => setNameError(fieldErrorsIn(error, ['name'] as const).name),
      },
    );
  };
  const refused = rename.isError && !nameError;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !rename.isPending) onClose();
      }}
      title="Rename passkey"
      description={`A new name for “${passkey.name}”.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {refused && (
          <Banner tone="error">{errorMessage(rename.error, 'Something went wrong')}</Banner>
        )}
        <TextField
          label="Passkey name"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => {
            setNameError(undefined);
            setName(event.target.value);
          }}
          error={nameError}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={rename.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
