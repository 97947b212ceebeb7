import { INVITATION_NOT_VALID, passwordSchema, type InvitationPreview } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { PasswordField } from '../../../components/ui/PasswordField';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { PasswordStrength } from '../PasswordStrength';
import { invitationQuery, useAcceptInvitation } from './api';

const TITLE = 'Staff invitation';
const formSchema = z.object({ password: passwordSchema });

/** A link that cannot be used: nothing more is said about it, whatever the reason. */
function NotValid() {
  return (
    <div className="flex flex-col gap-4">
      <Banner tone="error">{INVITATION_NOT_VALID}</Banner>
      <p>
        Ask the person who invited you to send the invitation again. If you have set your password
        already, sign in.
      </p>
      <ButtonLink to="/auth/signin" variant="secondary" className="self-start">
        Sign in
      </ButtonLink>
    </div>
  );
}

function ChoosePassword({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const accept = useAcceptInvitation(token);
  const [failure, setFailure] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ password: chosen }) => {
    setFailure(null);
    accept.mutate(chosen, {
      onError: (error) => {
        if (applyFieldErrors(error, ['password'], setError)) return;
        if (error instanceof ApiError && error.status === 404) setInvalid(true);
        else setFailure(errorMessage(error));
      },
    });
  });

  if (invalid) return <NotValid />;
  if (accept.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="success">{accept.data.message}</Banner>
        <p>
          At your first sign-in you set up an authenticator app on your phone (Google Authenticator,
          1Password, Aegis or any other): every staff sign-in needs its code.
        </p>
        <ButtonLink to="/auth/signin" className="self-start">
          Sign in
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>
        Welcome, {invitation.firstName}. Choose the password you will sign in with. Nobody at the
        bank sees it or can choose it for you.
      </p>
      {failure && <Banner tone="error">{failure}</Banner>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {/* The account the password is for, for the browser's password manager and the eye. */}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          readOnly
          value={invitation.email}
        />
        <div className="flex flex-col gap-2">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters. A phrase of several unrelated words is strong and easy to remember."
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordStrength password={password} />
        </div>
        <Button type="submit" loading={accept.isPending}>
          Set my password
        </Button>
      </form>
    </div>
  );
}

/**
 * The page an emailed staff invitation opens (`/auth/staff/invitation/<token>`): the invitee
 * chooses their password, then signs in, where their first sign-in sets up the authenticator
 * app. A link that cannot be used says only that it is not valid or has expired.
 */
export function StaffInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useQuery({ ...invitationQuery(token), enabled: token.length === 43 });
  const notValid =
    token.length !== 43 ||
    (invitation.error instanceof ApiError && [400, 404].includes(invitation.error.status));
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={TITLE}>Join the back office</PageHeading>
      {notValid ? (
        <NotValid />
      ) : invitation.isPending ? (
        <Loading label="Checking your invitation…" />
      ) : invitation.isError ? (
        <LoadFailed
          error={invitation.error}
          retrying={invitation.isFetching}
          onRetry={() => void invitation.refetch()}
        />
      ) : (
        <ChoosePassword token={token} invitation={invitation.data} />
      )}
    </div>
  );
}
