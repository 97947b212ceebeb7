import {
  EMAIL_CODE_LENGTH,
  PIN_LENGTH,
  PIN_MISMATCH,
  PIN_TOO_EASY,
  isGuessablePin,
  messageSchema,
  signupAcceptedSchema,
} from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { OtpInput } from '../../components/ui/OtpInput';
import { PasswordField } from '../../components/ui/PasswordField';
import { PinField } from '../../components/ui/PinField';
import { api, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { Section } from './Section';

const full = (pin: string) => pin.length === PIN_LENGTH;

/** The new PIN and its confirmation, which says the spec's words when they differ. */
function NewPinFields(props: {
  newPin: string;
  confirmPin: string;
  onNewPin: (pin: string) => void;
  onConfirmPin: (pin: string) => void;
}) {
  const { newPin, confirmPin } = props;
  return (
    <>
      <PinField
        label="New PIN"
        value={newPin}
        onChange={props.onNewPin}
        error={full(newPin) && isGuessablePin(newPin) ? PIN_TOO_EASY : undefined}
      />
      <PinField
        label="Confirm new PIN"
        value={confirmPin}
        onChange={props.onConfirmPin}
        error={full(confirmPin) && confirmPin !== newPin ? PIN_MISMATCH : undefined}
      />
    </>
  );
}

/** Change PIN (spec): enabled only when all three are four digits and the new one is confirmed. */
function ChangePin({ onForgot }: { onForgot: () => void }) {
  const queryClient = useQueryClient();
  const [currentPin, setCurrentPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const change = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/pin/change', {
        schema: messageSchema,
        body: { currentPin, newPin, confirmPin },
      }),
    onSuccess: () => {
      setNewPin('');
      setConfirmPin('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    onSettled: () => setCurrentPin(''),
  });
  const ready =
    full(currentPin) && full(newPin) && !isGuessablePin(newPin) && newPin === confirmPin;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) change.mutate();
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {change.isSuccess && <Banner tone="success">Action Successful! Your PIN is changed.</Banner>}
      {change.isError && (
        <Banner tone="error">{errorMessage(change.error, 'Something went wrong')}</Banner>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <PinField
          label="Current PIN"
          value={currentPin}
          onChange={(typed) => {
            // The refusal was about the PIN typed before: it goes as a new one is typed.
            if (change.isError) change.reset();
            setCurrentPin(typed);
          }}
        />
        <NewPinFields
          newPin={newPin}
          confirmPin={confirmPin}
          onNewPin={setNewPin}
          onConfirmPin={setConfirmPin}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!ready} loading={change.isPending}>
          Save
        </Button>
        <button
          type="button"
          onClick={onForgot}
          className="min-h-11 px-2 font-semibold text-brand-700 underline dark:text-brand-50"
        >
          Forgot your PIN?
        </button>
      </div>
    </form>
  );
}

/** A forgotten PIN: the account password, then the emailed code with the new PIN. */
function ResetPin({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [newPin, setNewPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const start = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/pin/reset/start', { schema: signupAcceptedSchema, body: { password } }),
    onSuccess: ({ email }) => setSentTo(email),
    onSettled: () => setPassword(''),
  });
  const reset = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/pin/reset', {
        schema: messageSchema,
        body: { code, newPin, confirmPin },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pin });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    onError: () => setCode(''),
  });
  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="success">Action Successful! Your new PIN is set.</Banner>
        <Button variant="secondary" className="self-start" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }
  if (!sentTo) {
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) start.mutate();
        }}
      >
        <p className="text-slate-700 dark:text-slate-300">
          Enter your account password; we will email you a code to set a new PIN.
        </p>
        {start.isError && (
          <Banner tone="error">{errorMessage(start.error, 'Something went wrong')}</Banner>
        )}
        <PasswordField
          label="Account password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            if (start.isError) start.reset();
            setPassword(event.target.value);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!password} loading={start.isPending}>
            Email me a code
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  const ready =
    code.length === EMAIL_CODE_LENGTH &&
    full(newPin) &&
    !isGuessablePin(newPin) &&
    newPin === confirmPin;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) reset.mutate();
      }}
    >
      <p id="pin-code-hint" className="text-slate-700 dark:text-slate-300">
        We emailed a code to <strong className="break-all">{sentTo}</strong>. It works once, for 10
        minutes.
      </p>
      {reset.isError && (
        <Banner tone="error">{errorMessage(reset.error, 'Something went wrong')}</Banner>
      )}
      <OtpInput
        id="pin-reset-code"
        label="Code from the email"
        length={EMAIL_CODE_LENGTH}
        value={code}
        onChange={(typed) => {
          if (reset.isError) reset.reset();
          setCode(typed);
        }}
        describedBy="pin-code-hint"
        autoFocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPinFields
          newPin={newPin}
          confirmPin={confirmPin}
          onNewPin={setNewPin}
          onConfirmPin={setConfirmPin}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!ready} loading={reset.isPending}>
          Set new PIN
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        No email, or the code ran out?{' '}
        <button
          type="button"
          className="min-h-11 font-semibold text-brand-700 underline dark:text-brand-50"
          onClick={() => {
            // A new code needs the password again: back to the first step.
            reset.reset();
            setCode('');
            setSentTo(null);
          }}
        >
          Send a new code
        </button>
      </p>
    </form>
  );
}

export function PinSettings() {
  const [resetting, setResetting] = useState(false);
  return (
    <Section
      icon={KeyRound}
      title="Transaction PIN"
      description={`The ${PIN_LENGTH} digits that confirm your transfers. Five wrong PINs in a row pause PIN use for 30 minutes.`}
    >
      {resetting ? (
        <ResetPin onDone={() => setResetting(false)} />
      ) : (
        <ChangePin onForgot={() => setResetting(true)} />
      )}
    </Section>
  );
}
