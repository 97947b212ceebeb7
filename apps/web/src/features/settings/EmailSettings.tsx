import { EMAIL_CODE_LENGTH, emailOnlySchema, emailSchema } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { OtpInput } from '../../components/ui/OtpInput';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';
import { useServerFieldErrors } from '../../hooks/useServerFieldErrors';
import { api, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { Section } from './Section';

const FIELDS = ['email', 'currentPassword'] as const;

/**
 * Change email (spec: Save disabled until the address has the standard pattern). The account
 * password is asked for too, and the new address is confirmed by a code sent to it before it
 * replaces the old one.
 */
export function EmailSettings({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const valid = emailSchema.safeParse(email).success;
  const ready = valid && password !== '';
  const server = useServerFieldErrors(FIELDS);
  const [namedField, setNamedField] = useState(false);
  const ask = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/settings/email', {
        schema: emailOnlySchema,
        body: { email, currentPassword: password },
      }),
    onMutate: () => server.clear(),
    onSuccess: ({ email: to }) => {
      setSentTo(to);
      setCode('');
      setPassword('');
    },
    onError: (error) => setNamedField(server.show(error)),
  });
  const confirm = useMutation({
    mutationFn: (value: string) =>
      api('POST', '/api/v1/settings/email/confirm', {
        schema: emailOnlySchema,
        body: { email: sentTo, code: value },
      }),
    onSuccess: ({ email: now }) => {
      setDone(now);
      setSentTo(null);
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    onError: () => setCode(''),
  });
  const onAsk = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (ready) ask.mutate();
  };
  return (
    <Section
      icon={Mail}
      title="Email address"
      description={`We write to ${current}. A new address is used once you confirm it with the code we send there.`}
    >
      {done && <Banner tone="success">Action Successful! We now write to {done}.</Banner>}
      {sentTo ? (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length === EMAIL_CODE_LENGTH) confirm.mutate(code);
          }}
        >
          <p id="email-code-hint" className="text-slate-700 dark:text-slate-300">
            We sent a code to <strong className="break-all">{sentTo}</strong>. It works once, for 10
            minutes. No email after a few minutes? Check the address you typed, and the spam folder.
          </p>
          {confirm.isError && (
            <Banner tone="error">{errorMessage(confirm.error, 'Something went wrong')}</Banner>
          )}
          <OtpInput
            id="email-code"
            label="Code from the new address"
            length={EMAIL_CODE_LENGTH}
            value={code}
            onChange={setCode}
            onComplete={(value) => confirm.mutate(value)}
            describedBy="email-code-hint"
            disabled={confirm.isPending}
            autoFocus
          />
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              loading={confirm.isPending}
              disabled={code.length !== EMAIL_CODE_LENGTH}
            >
              Confirm
            </Button>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Use another address
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={onAsk} className="flex flex-col gap-4">
          {ask.isError && !namedField && (
            <Banner tone="error">{errorMessage(ask.error, 'Something went wrong')}</Banner>
          )}
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              server.changed('email');
              setEmail(event.target.value);
            }}
            error={
              email && !valid ? "That doesn't look like an email address" : server.messages.email
            }
          />
          <PasswordField
            label="Your account password"
            autoComplete="current-password"
            hint="To keep your account safe, moving it to a new address needs your password."
            value={password}
            onChange={(event) => {
              server.changed('currentPassword');
              setPassword(event.target.value);
            }}
            error={server.messages.currentPassword}
          />
          <Button type="submit" className="self-start" disabled={!ready} loading={ask.isPending}>
            Save
          </Button>
        </form>
      )}
    </Section>
  );
}
