import { emailOnlySchema } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/api';
import { useForgot } from './api/forgot';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { EmailField } from './EmailField';
import { PageHeading } from '../../components/ui/PageHeading';

/** Ask for a reset code; the answer is the same whether or not the address has an account. */
export function ForgotPage() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const forgot = useForgot();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    forgot.mutate(values, {
      onError: (error) => {
        if (!applyFieldErrors(error, ['email'], setError)) setFailure(errorMessage(error));
      },
    });
  });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeading title="Forgot password">Forgot your password?</PageHeading>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Enter your email and we will send you a code to reset it.
        </p>
      </div>
      {forgot.isSuccess && (
        <Banner tone="success">Check your Email for further instructions.</Banner>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <Button type="submit" loading={forgot.isPending}>
          Send code
        </Button>
      </form>
      {forgot.isSuccess && (
        <Link
          to="/auth/reset"
          state={{ email: forgot.variables.email }}
          className="text-center font-semibold text-brand-700 underline dark:text-brand-50"
        >
          I have a code: reset my password
        </Link>
      )}
      <p className="text-center">
        <Link
          to="/auth/signin"
          className="font-semibold text-brand-700 underline dark:text-brand-50"
        >
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
