import type { Me } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FEW_RECOVERY_CODES } from '../../../components/second-factor/recovery-codes';
import { Loading } from '../../../components/ui/QueryStatus';
import { ApiError } from '../../../lib/api';
import { queries } from '../../../lib/queries';
import { RequireSession } from '../../../lib/session';
import { FewCodesLeft } from './FewCodesLeft';
import { NotYou } from './NotYou';
import { RecoveryCodes } from './RecoveryCodes';
import { SetUpAuthenticator } from './SetUpAuthenticator';
import { VerifySecondFactor } from './VerifySecondFactor';

/** Whether sign-in said the app is set up; unknown when the page is opened some other way. */
function enrolledFrom(state: unknown): boolean | undefined {
  if (typeof state !== 'object' || state === null || !('enrolled' in state)) return undefined;
  return typeof state.enrolled === 'boolean' ? state.enrolled : undefined;
}

function SecondFactor({
  me,
  enrolled,
  onEnrolled,
  onVerified,
}: {
  me: Me;
  enrolled: boolean | undefined;
  onEnrolled: (codes: string[]) => void;
  onVerified: (codesLeft: number) => void;
}) {
  const navigate = useNavigate();
  // Not known to be set up: ask for a key; the server's "already set up" (409) means verify.
  const setup = useQuery({ ...queries.mfaSetup(), enabled: enrolled !== true });
  const alreadySetUp =
    enrolled === true || (setup.error instanceof ApiError && setup.error.status === 409);
  if (alreadySetUp) {
    return (
      <VerifySecondFactor
        onVerified={onVerified}
        onPasskey={() => void navigate('/admin', { replace: true })}
      />
    );
  }
  return <SetUpAuthenticator setup={setup} account={me.email} onEnrolled={onEnrolled} />;
}

/**
 * `/auth/staff/second-factor`: a staff sign-in's second step, for the `mfa_pending` session the
 * password opened. The first time it sets up the authenticator app and shows the recovery
 * codes; later it asks for the app's code (or a recovery code). The codes stay on screen after
 * the session has become a staff session, until their owner goes on.
 */
export function SecondFactorPage() {
  const enrolled = enrolledFrom(useLocation().state);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; account: string } | null>(
    null,
  );
  const [codesLeft, setCodesLeft] = useState<number | null>(null);

  if (recoveryCodes) return <RecoveryCodes {...recoveryCodes} />;
  if (codesLeft !== null) {
    if (codesLeft > FEW_RECOVERY_CODES) return <Navigate to="/admin" replace />;
    return <FewCodesLeft left={codesLeft} />;
  }
  return (
    <RequireSession scope="mfa_pending" loading={<Loading label="Loading…" />}>
      {(me) => (
        <div className="flex flex-col gap-6">
          <SecondFactor
            me={me}
            enrolled={enrolled}
            onEnrolled={(codes) => setRecoveryCodes({ codes, account: me.email })}
            onVerified={setCodesLeft}
          />
          <NotYou email={me.email} />
        </div>
      )}
    </RequireSession>
  );
}
