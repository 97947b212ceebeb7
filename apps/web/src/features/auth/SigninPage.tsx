import { signinSchema } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/PasswordField';
import { ApiError, errorMessage } from '../../lib/api';
import { useSignin } from './api/signin';
import { applyFieldErrors } from './apply-field-errors';
import { routeForOutcome } from './outcome-route';
import { useDelayedNavigate } from './useDelayedNavigate';
import { EmailField } from './EmailField';

const linkStyle = 'font-semibold text-brand-700 underline dark:text-brand-50';

/** Sign in; the server's outcome says where to go next (SPEC section 4, login outcomes). */
export function SigninPage() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: '', password: '' },
  });
  const signin = useSignin();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [mustVerify, setMustVerify] = useState(false);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    signin.mutate(values, {
      onSuccess: (outcome) => {
        const { to, state } = routeForOutcome(outcome);
        if (outcome.next === 'verify_email') {
          setMustVerify(true);
          navigateLater(to);
        } else {
          void navigate(to, { state });
        }
      },
      onError: (error) => {
        if (applyFieldErrors(error, ['email', 'password'], setError)) return;
        const unauthorised = error instanceof ApiError && error.status === 401;
        setFailure(unauthorised ? errorMessage(error, 'Invalid Credentials') : errorMessage(error));
      },
    });
  });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Sign in</h1>
      {mustVerify && (
        <Banner tone="warning">
          Your email is not verified yet. We sent you a code; taking you to the verification page...
        </Banner>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-right">
          <Link to="/auth/forgot" className={linkStyle}>
            Forgot password?
          </Link>
        </p>
        <Button type="submit" loading={signin.isPending} disabled={mustVerify}>
          Sign in
        </Button>
      </form>
      <p className="text-center">
        New here?{' '}
        <Link to="/auth/signup" className={linkStyle}>
          Sign up
        </Link>
      </p>
    </div>
  );
}
