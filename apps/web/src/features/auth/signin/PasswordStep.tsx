import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { EmailField } from '../EmailField';
import type { SigninFields } from './useSigninFields';

const linkStyle = 'font-semibold text-brand-700 underline dark:text-brand-50';

/** Email and password: the first step of every sign-in. */
export function PasswordStep({
  field,
  onSubmit,
  pending,
  disabled,
  children,
}: {
  field: SigninFields['field'];
  onSubmit: () => void;
  pending: boolean;
  disabled: boolean;
  /** Another way in, under the form (signing in with a passkey). */
  children?: ReactNode;
}) {
  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4"
      >
        <EmailField {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <p className="text-right">
          <Link to="/auth/forgot" className={linkStyle}>
            Forgot password?
          </Link>
        </p>
        <Button type="submit" loading={pending} disabled={disabled}>
          Sign in
        </Button>
      </form>
      {children && (
        <>
          <p className="text-center text-sm text-slate-600 dark:text-slate-400">or</p>
          {children}
        </>
      )}
      <p className="text-center">
        New here?{' '}
        <Link to="/auth/signup" className={linkStyle}>
          Sign up
        </Link>
      </p>
    </>
  );
}
