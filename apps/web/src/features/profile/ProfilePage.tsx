import {
  GENDERS,
  GENDER_LABELS,
  MARITAL_STATUSES,
  MARITAL_STATUS_LABELS,
  profileSchema,
  type Profile,
} from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
  type ProfileFormOutput,
  type ProfileFormValues,
} from './profile-form';
import { ProfilePicture } from './ProfilePicture';

const VERIFIED_HINT = 'Checked with your identity documents. To change it, contact Help & Support.';

function ProfileForm({ profile }: { profile: Profile }) {
  const verified = profile.identityVerified;
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(profile),
  });
  const save = useMutation({
    mutationFn: (values: ProfileFormOutput) =>
      api('POST', '/api/v1/profile', {
        schema: profileSchema,
        body: { ...values, nextOfKin: values.nextOfKin || undefined },
      }),
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
      onSubmit={handleSubmit((values) => {
        setSaved(false);
        save.mutate(values);
      })}
      className="grid gap-4 sm:grid-cols-2"
    >
      {saved && !isDirty && (
        <div className="sm:col-span-2">
          <Banner tone="success">Action Successful! Your profile is saved.</Banner>
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
        required
        hint="With the country code, for example +44 20 7946 0958."
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        required
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      <SelectField label="Gender" required error={errors.gender?.message} {...register('gender')}>
        <option value="">Choose</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {GENDER_LABELS[g]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Marital status"
        required
        error={errors.maritalStatus?.message}
        {...register('maritalStatus')}
      >
        <option value="">Choose</option>
        {MARITAL_STATUSES.map((m) => (
          <option key={m} value={m}>
            {MARITAL_STATUS_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        {verified && profile.country ? (
          // Not registered: the form sends the verified country it started with.
          <TextField
            label="Country"
            value={countryName(profile.country)}
            readOnly
            hint={VERIFIED_HINT}
          />
        ) : (
          <CountrySelect required error={errors.country?.message} {...register('country')} />
        )}
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Home address"
          autoComplete="street-address"
          required
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
