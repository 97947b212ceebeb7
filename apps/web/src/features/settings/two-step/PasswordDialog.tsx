import { useEffect, useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { PasswordField } from '../../../components/ui/PasswordField';
import { useFocusInvalidField } from '../../../hooks/useFocusInvalidField';
import { ApiError, errorMessage } from '../../../lib/api';

/**
 * Asks for the account password before a change to two-step sign-in. A wrong password is said
 * under the field (the server names `currentPassword`); any other refusal above the buttons.
 */
export function PasswordDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: (currentPassword: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const fieldError = error instanceof ApiError ? error.fieldErrors.currentPassword : undefined;
  // A wrong or missing password takes the keyboard back to the field, its message read with it.
  const { container, focusInvalidField } = useFocusInvalidField<HTMLFormElement>();
  useEffect(() => {
    if (fieldError) focusInvalidField();
  }, [error, fieldError, focusInvalidField]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setEmpty(true);
      focusInvalidField();
      return;
    }
    onConfirm(password);
  };
  const close = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setPassword('');
      setEmpty(false);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <form ref={container} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {Boolean(error) && !fieldError && <Banner tone="error">{errorMessage(error)}</Banner>}
        <PasswordField
          label="Your account password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setEmpty(false);
          }}
          error={empty ? 'Enter your password' : fieldError}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={pending} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
