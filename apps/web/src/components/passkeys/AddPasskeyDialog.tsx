import { PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '@bank/contract';
import { useState, type FormEvent } from 'react';
import { useFocusInvalidField } from '../../hooks/useFocusInvalidField';
import { errorMessage } from '../../lib/api';
import { fieldErrorsIn } from '../../lib/apply-field-errors';
import { PasswordField } from '../ui/PasswordField';
import { isPasskeyCancelled, passkeyBrowserMessage } from '../../lib/passkeys';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { useAddPasskey } from './api';
import { suggestPasskeyName } from './device-name';

type Note = { tone: 'info' | 'error'; text: string };

/**
 * Adding a passkey: a name (this device's browser and system suggested) and the account password
 * (a passkey signs in and approves transfers: a browser left signed in must not be enough to add
 * one), then the browser's own prompt (fingerprint, face, screen lock or a security key). A
 * prompt closed without a passkey is said calmly here, and the person may try again.
 */
export function AddPasskeyDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (passkey: Passkey) => void;
}) {
  const add = useAddPasskey();
  const [name, setName] = useState(() => suggestPasskeyName(navigator.userAgent));
  const [nameError, setNameError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [note, setNote] = useState<Note | null>(null);
  // A field refused (here or by the server) takes the keyboard, its message read with it.
  const { container, focusInvalidField } = useFocusInvalidField<HTMLFormElement>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) setNameError(parsed.error.issues[0]?.message);
    if (password === '') setPasswordError('Enter your password');
    if (!parsed.success || password === '') {
      focusInvalidField();
      return;
    }
    setNote(null);
    add.mutate(
      { name: parsed.data, currentPassword: password },
      {
        onSuccess: onAdded,
        onError: (error) => {
          const browser = passkeyBrowserMessage(error);
          if (browser) {
            setNote({ tone: isPasskeyCancelled(error) ? 'info' : 'error', text: browser });
            return;
          }
          const fields = fieldErrorsIn(error, ['name', 'currentPassword'] as const);
          if (fields.currentPassword) {
            setPassword('');
            setPasswordError(fields.currentPassword);
          }
          if (fields.name) setNameError(fields.name);
          if (fields.name || fields.currentPassword) focusInvalidField();
          else setNote({ tone: 'error', text: errorMessage(error, 'Something went wrong') });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !add.isPending) onClose();
      }}
      title="Add a passkey"
      description="Name it after the device or security key that keeps it, so you can tell your passkeys apart, and enter your account password. Then your browser asks for your fingerprint, face, screen lock or security key."
    >
      <form ref={container} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {note && <Banner tone={note.tone}>{note.text}</Banner>}
        <TextField
          label="Passkey name"
          autoFocus
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => {
            setNameError(undefined);
            setName(event.target.value);
          }}
          error={nameError}
        />
        <PasswordField
          label="Your account password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPasswordError(undefined);
            setPassword(event.target.value);
          }}
          error={passwordError}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={add.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            {note ? 'Try again' : 'Continue'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
