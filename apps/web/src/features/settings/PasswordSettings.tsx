import { PASSWORD_MISMATCH, messageSchema } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { useServerFieldErrors } from '../../hooks/useServerFieldErrors';
import { api, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { Section } from './Section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;
const FIELDS = Object.keys(EMPTY) as Field[];

/**
 * Change password (spec): Save only when all three are filled, the confirmation is longer than
 * four characters and equals the new password; "Password Mismatch" when they differ.
 * The sign-up rules apply on the server; other browsers are signed out.
 */
export function PasswordSettings() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const server = useServerFieldErrors(FIELDS);
  const [namedField, setNamedField] = useState(false);
  const change = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/settings/password', { schema: messageSchema, body: values }),
    onMutate: () => server.clear(),
    onSuccess: () => {
      setValues(EMPTY);
      // The other browsers were signed out: the list below shows it at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    onError: (error) => setNamedField(server.show(error)),
  });
  const fieldError = (field: Field) => server.messages[field];
  // Once the confirmation is long enough to judge, a difference is said at once (and Save waits).
  const differs =
    values.confirmPassword.length > 4 && values.newPassword !== values.confirmPassword;
  const ready =
    values.currentPassword !== '' &&
    values.newPassword !== '' &&
    values.confirmPassword.length > 4 &&
    !differs;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The server refused a field (a wrong current password, say): the keyboard goes to it.
    if (change.isError) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [change.isError, change.error]);
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setMismatch(false);
    server.changed(field);
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.confirmPassword) {
      setMismatch(true);
      return;
    }
    change.mutate();
  };
  return (
    <Section
      icon={LockKeyhole}
      title="Password"
      description="At least 8 characters; a phrase of unrelated words is strong and easy to remember."
    >
      <form ref={form} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {change.isSuccess && (
          <Banner tone="success">
            Action Successful! Your password is changed, and your other browsers were signed out.
          </Banner>
        )}
        {change.isError && !namedField && (
          <Banner tone="error">{errorMessage(change.error, 'Something went wrong')}</Banner>
        )}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={fieldError('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={fieldError('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={mismatch || differs ? PASSWORD_MISMATCH : fieldError('confirmPassword')}
        />
        <Button type="submit" className="self-start" disabled={!ready} loading={change.isPending}>
          Save
        </Button>
      </form>
    </Section>
  );
}
