import { EMAIL_CODE_LENGTH, resetPasswordSchema } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { OtpInput } from '../../components/ui/OtpInput';
import { PasswordField } from '../../components/ui/PasswordField';
import { errorMessage } from '../../lib/api';
import { useResetPassword } from './api/reset-password';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';
import { EmailField } from './EmailField';
import { PageHeading } from '../../components/ui/PageHeading';

const FIELDS = ['email', 'code', 'newPassword'] as const;

/** Set a new password with the emailed code; reached by hand or by the email's link. */
export function ResetPage() {
  const params = useParams();
  const stateEmail = (useLocation().state as { email?: string } | null)?.email;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: {
      email: params.email ?? stateEmail ?? '',
      code: (params.token ?? '').slice(0, EMAIL_CODE_LENGTH),
      newPassword: '',
    },
  });
  const reset = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    reset.mutate(values, {
      onSuccess: () => navigateLater('/auth/signin'),
      onError: (error) => {
        if (!applyFieldErrors(error, FIELDS, setError)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Reset password">Reset your password</PageHeading>
      {reset.isSuccess && <Banner tone="success">{reset.data.message}</Banner>}
      {failure && <Banner tone="error">{failure}</Banner>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1">
              <OtpInput
                id="reset-code"
                label="Code"
                length={EMAIL_CODE_LENGTH}
                numeric
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(fieldState.error)}
                describedBy={fieldState.error ? 'reset-code-error' : undefined}
              />
              {fieldState.error && (
                <p id="reset-code-error" className="text-sm text-red-700 dark:text-red-400">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Button type="submit" loading={reset.isPending} disabled={reset.isSuccess}>
          Reset password
        </Button>
      </form>
      <p className="text-center">
        <Link
          to="/auth/forgot"
          className="font-semibold text-brand-700 underline dark:text-brand-50"
        >
          Send me a new code
        </Link>
      </p>
    </div>
  );
}
