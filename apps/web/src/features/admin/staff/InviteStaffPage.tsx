import {
  inviteStaffSchema,
  STAFF_INVITATION_TTL_HOURS,
  type StaffInvitation,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { linkClass } from '../shared/cells';
import { panelClass } from '../shared/panel';
import { staffTeamQueries, useInviteStaff } from './api';
import { RoleChoices } from './RoleChoices';

const FIELDS = ['email', 'firstName', 'lastName', 'roles'] as const;
const EMPTY = { email: '', firstName: '', lastName: '', roles: [] as string[] };

function Sent({ invitation, onAnother }: { invitation: StaffInvitation; onAnother: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Banner tone="success">
        Invitation sent to {invitation.email}. The link works once, for {STAFF_INVITATION_TTL_HOURS}{' '}
        hours: {invitation.firstName} chooses a password, then sets up an authenticator app at their
        first sign-in.
      </Banner>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onAnother}>Invite someone else</Button>
        <ButtonLink to="/admin/staff?status=invited" variant="secondary">
          See the invitations
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * Invite a person to the staff: their address, their name as the bank's emails will use it, and
 * their roles, each with what it allows. The invitee gets a link to choose their password;
 * nobody else ever sees or sets it.
 */
export function InviteStaffPage() {
  const roles = useQuery(staffTeamQueries.roles());
  const invite = useInviteStaff();
  const [sent, setSent] = useState<StaffInvitation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(inviteStaffSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    invite.mutate(values, {
      onSuccess: setSent,
      onError: (error) => {
        if (applyFieldErrors(error, FIELDS, setError)) return;
        // An address with an account, or an invitation already waiting: said on the address.
        if (error instanceof ApiError && error.status === 409) {
          setError('email', { type: 'server', message: error.detail }, { shouldFocus: true });
          return;
        }
        setFailure(errorMessage(error));
      },
    });
  });

  const another = () => {
    reset(EMPTY);
    invite.reset();
    setSent(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/admin/staff" className={linkClass}>
          ← Staff
        </Link>
      </p>
      <div>
        <PageHeading title="Invite a staff member" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          They receive an email with a link to choose their password. At their first sign-in they
          set up an authenticator app; every staff sign-in needs its code.
        </p>
      </div>
      {sent ? (
        <Sent invitation={sent} onAnother={another} />
      ) : roles.isPending ? (
        <Loading label="Loading the roles…" />
      ) : roles.isError ? (
        <LoadFailed
          error={roles.error}
          retrying={roles.isFetching}
          onRetry={() => void roles.refetch()}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className={`flex flex-col gap-5 ${panelClass}`}>
          {failure && <Banner tone="error">{failure}</Banner>}
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            hint="Their work address: the invitation goes there, and it is how they sign in."
            error={errors.email?.message}
            {...register('email')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              required
              autoComplete="off"
              maxLength={40}
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last name"
              required
              autoComplete="off"
              maxLength={40}
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <Controller
            control={control}
            name="roles"
            render={({ field, fieldState }) => (
              <RoleChoices
                ref={field.ref}
                roles={roles.data}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={invite.isPending}
              />
            )}
          />
          <Button type="submit" loading={invite.isPending} className="self-start">
            Send the invitation
          </Button>
        </form>
      )}
    </div>
  );
}
