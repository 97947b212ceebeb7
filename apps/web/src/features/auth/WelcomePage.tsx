import { WELCOME_TAGLINE } from '@bank/contract';
import { useLocation } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { BANK_NAME } from '../../lib/brand';
import { PageHeading } from '../../components/ui/PageHeading';

/** The auth tree's index: who we are, and the way in; "Logged out!" after a logout. */
export function WelcomePage() {
  const loggedOut = Boolean((useLocation().state as { loggedOut?: boolean } | null)?.loggedOut);
  return (
    <div className="flex flex-col gap-6 text-center">
      {loggedOut && <Banner tone="success">Logged out!</Banner>}
      <div>
        <PageHeading title="Welcome">Welcome to {BANK_NAME}</PageHeading>
        <p className="mt-2 text-lg text-slate-700 dark:text-slate-300">{WELCOME_TAGLINE}</p>
      </div>
      <div className="flex flex-col gap-3">
        <ButtonLink to="/auth/signup">Sign up</ButtonLink>
        <ButtonLink to="/auth/signin" variant="secondary">
          Sign in
        </ButtonLink>
      </div>
    </div>
  );
}
