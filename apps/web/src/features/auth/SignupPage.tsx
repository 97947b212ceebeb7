import { signupSchema } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { CheckboxField } from '../../components/ui/CheckboxField';
import { PasswordField } from '../../components/ui/PasswordField';
import { TextField } from '../../components/ui/TextField';
import { errorMessage } from '../../lib/api';
import { useSignup } from './api/signup';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { verifyPath } from './outcome-route';
import { PasswordStrength } from './PasswordStrength';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';
import { EmailField } from './EmailField';
import { PageHeading } from '../../components/ui/PageHeading';

const FIELDS = ['firstName', 'lastName', 'username', 'email', 'password', 'acceptTerms'] as const;

/** Registration: on success the code goes out by email and the verify page follows in 5 s. */
export function SignupPage() {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupSchema),
    defaultValues: { firstName: '', lastName: '', username: '', email: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const signup = useSignup();
  const navigateLater = useDelayedNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    signup.mutate(values, {
      onSuccess: ({ email }) => navigateLater(verifyPath(email)),
      onError: (error) => {
        if (!applyFieldErrors(error, FIELDS, setError)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Sign up">Create your account</PageHeading>
      {signup.isSuccess && (
        <Banner tone="success">
          Action Successful! Check your email for the verification code.
        </Banner>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <div className="flex flex-col gap-2">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters. A long phrase is easiest to remember."
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordStrength password={password} />
        </div>
        <CheckboxField
          label="I confirm that I am at least 18 years old and accept the terms"
          error={errors.acceptTerms?.message}
          {...register('acceptTerms')}
        />
        <Button type="submit" loading={signup.isPending} disabled={signup.isSuccess}>
          Sign up
        </Button>
      </form>
      <p className="text-center">
        Already have an account?{' '}
        <Link
          to="/auth/signin"
          className="font-semibold text-brand-700 underline dark:text-brand-50"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
