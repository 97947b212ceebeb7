import {
  GENDERS,
  GENDER_LABELS,
  MARITAL_STATUSES,
  MARITAL_STATUS_LABELS,
  NOTHING_TO_SAVE,
  profileSchema,
  type Profile,
  type UpdateProfileRequest,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { CountrySelect } from '../../components/ui/CountrySelect';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { api, errorMessage } from '../../lib/api';
import { countryName } from '../../lib/countries';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { queries, queryKeys } from '../../lib/queries';
import {
  PROFILE_FIELDS,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
} from './profile-form';
import { ProfilePicture } from './ProfilePicture';

const VERIFIED_HINT = 'Checked with your identity documents. To change it, contact Help & Support.';

function ProfileForm({ profile }: { profile: Profile }) {
  const verified = profile.identityVerified;
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const schema = useMemo(() => profileFormSchema(profile), [profile]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    trigger,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<ProfileFormValues, unknown, UpdateProfileRequest>({
    resolver: zodResolver(schema),
    defaultValues: profileFormValues(profile),
  });
  const save = useMutation({
    // Only what changed: a customer changing the phone fills in nothing else.
    mutationFn: (edit: UpdateProfileRequest) =>
      api('POST', '/api/v1/profile', { schema: profileSchema, body: edit }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queries.profile().queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      reset(profileFormValues(updated));
      setSaved(true);
    },
    onError: (error) => applyFieldErrors(error, PROFILE_FIELDS, setError),
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((edit) => {
        setSaved(false);
        const nothing = Object.keys(edit).length === 0;
        setUnchanged(nothing);
        if (!nothing) save.mutate(edit);
      })}
      className="grid gap-4 sm:grid-cols-2"
    >
      {saved && !isDirty && (
        <div className="sm:col-span-2">
          <Banner tone="success">Action Successful! Your profile is saved.</Banner>
        </div>
      )}
      {unchanged && !isDirty && (
        <div className="sm:col-span-2">
          <Banner tone="info">{NOTHING_TO_SAVE}.</Banner>
        </div>
      )}
      {save.isError && (
        <div className="sm:col-span-2">
          <Banner tone="error">{errorMessage(save.error, 'Something went wrong')}</Banner>
        </div>
      )}
      <TextField
        label="First name"
        autoComplete="given-name"
        required
        readOnly={verified}
        hint={verified ? VERIFIED_HINT : undefined}
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        required
        readOnly={verified}
        hint={verified ? VERIFIED_HINT : undefined}
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField label="Username" value={profile.username} readOnly disabled />
      <TextField
        label="Email"
        value={profile.email}
        readOnly
        disabled
        hint="Change it in Settings."
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required={profile.phone !== null}
        hint="With the country code, for example +44 7400 123456."
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required={profile.dateOfBirth !== null}
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      <SelectField
        label="Gender"
        hint="Optional."
        error={errors.gender?.message}
        {...register('gender')}
      >
        <option value="" disabled={profile.gender !== null}>
          Not given
        </option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {GENDER_LABELS[g]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Marital status"
        hint="Optional."
        error={errors.maritalStatus?.message}
        {...register('maritalStatus')}
      >
        <option value="" disabled={profile.maritalStatus !== null}>
          Not given
        </option>
        {MARITAL_STATUSES.map((m) => (
          <option key={m} value={m}>
            {MARITAL_STATUS_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        {verified && profile.country ? (
          // Not registered: verified, it is never part of an edit.
          <TextField
            label="Country"
            value={countryName(profile.country)}
            readOnly
            hint={VERIFIED_HINT}
          />
        ) : (
          <CountrySelect
            required={profile.country !== null}
            error={errors.country?.message}
            {...register('country', {
              // A phone typed without its +code is read with the country: judged again.
              onChange: () => {
                if (isSubmitted) void trigger('phone');
              },
            })}
          />
        )}
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Home address"
          autoComplete="street-address"
          required={profile.homeAddress !== null}
          error={errors.homeAddress?.message}
          {...register('homeAddress')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Next of kin"
          hint={
            profile.nextOfKinOnFile
              ? 'We have your next of kin on file. For your privacy it is not shown here; type a new one to replace it.'
              : 'Their name and how to reach them. For your privacy it is not shown again once saved.'
          }
          error={errors.nextOfKin?.message}
          {...register('nextOfKin')}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** Profile (spec): the details and picture, edited here; the next of kin is write-only. */
export function ProfilePage() {
  const profile = useQuery(queries.profile());
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeading title="Profile" />
      {profile.data ? (
        <>
          <ProfilePicture profile={profile.data} version={profile.dataUpdatedAt} />
          <section aria-label="Your details" className={cardClass}>
            <ProfileForm profile={profile.data} />
          </section>
        </>
      ) : profile.isError ? (
        <LoadFailed
          error={profile.error}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Loading label="Loading your profile…" />
      )}
    </div>
  );
}
