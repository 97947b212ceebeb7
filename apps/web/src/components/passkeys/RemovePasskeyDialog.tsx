import type { Passkey } from '@bank/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useServerFieldErrors } from '../../hooks/useServerFieldErrors';
import { errorMessage } from '../../lib/api';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { PasswordField } from '../ui/PasswordField';
import { useRemovePasskey } from './api';

const FIELDS = ['currentPassword'] as const;

/**
 * Removing a passkey asks for the account password, as the password change does: someone who
 * found the device unlocked cannot take away the owner's way in, nor add theirs in its place.
 */
export function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const server = useServerFieldErrors(FIELDS);
  const [namedField, setNamedField] = useState(false);
  const field = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // A wrong password: the keyboard goes back to the field, its message read with it.
    if (remove.isError) field.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [remove.isError, remove.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    remove.mutate(
      { id: passkey.id, currentPassword: password },
      {
        onSuccess: onRemoved,
        onError: (error) => {
          setPassword('');
          setNamedField(server.show(error));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Remove passkey"
      description={
        <>
          “<span className="break-words">{passkey.name}</span>” will no longer sign you in or
          approve transfers. To remove it, enter your account password.
        </>
      }
      returnFocus={!remove.isSuccess}
    >
      <form ref={field} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {remove.isError && !namedField && (
          <Banner tone="error">{errorMessage(remove.error, 'Something went wrong')}</Banner>
        )}
        <PasswordField
          label="Your account password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setMissing(false);
            server.changed('currentPassword');
            setPassword(event.target.value);
          }}
          error={missing ? 'Enter your password' : server.messages.currentPassword}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={remove.isPending}>
            Remove passkey
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
