import type { AuthOutcome } from '@bank/contract';
import { lazy, Suspense, useState, useTransition } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Loading } from '../../../components/ui/QueryStatus';
import { useDelayedNavigate } from '../../../hooks/useDelayedNavigate';
import { ApiError, errorMessage } from '../../../lib/api';
import { useForgetSessionData } from '../../../lib/session';
import { useSignin, type SigninRequest } from '../api/signin';
import { routeForOutcome } from '../outcome-route';
import { PasswordStep } from './PasswordStep';
import { useSigninFields } from './useSigninFields';

/**
 * "Sign in with a passkey" comes after the page has shown (its own small chunk: the sign-in
 * page's first load stays within its budget); the space it takes is kept meanwhile.
 */
const PasskeySignin = lazy(() =>
  import('./PasskeySignin').then((module) => ({ default: module.PasskeySignin })),
);
const PASSKEY_SPACE = <div className="min-h-11" aria-hidden="true" />;

/**
 * The emailed-code step (code boxes, resend timer) is needed only after repeated attempts, so it
 * is not part of the sign-in page's first download (issue 8): it is fetched while a password is
 * being checked.
 */
const loadCodeStep = () => import('./CodeStep');
const CodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.CodeStep })));

/** Why someone was sent back here, e.g. too many wrong second-factor codes. */
function noticeFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

/**
 * Sign in; the server's outcome says where to go next (SPEC section 4, login outcomes). After
 * repeated attempts it asks for an emailed code as well: a second step on this page, which
 * keeps the email and password to send them again with the code.
 */
export function SigninPage() {
  const notice = noticeFrom(useLocation().state);
  const fields = useSigninFields();
  const signin = useSignin();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const forgetSessionData = useForgetSessionData();
  const [failure, setFailure] = useState<string | null>(null);
  const [mustVerify, setMustVerify] = useState(false);
  /** Where the sign-in code went, once the server asked for one. */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [newCodeSent, setNewCodeSent] = useState(false);
  // Keeps the password step on screen until the code step's code has arrived.
  const [switchingStep, startStepSwitch] = useTransition();

  /** Where the outcome of a sign-in (password or passkey) leads (SPEC section 4). */
  function go(outcome: AuthOutcome) {
    const { to, state } = routeForOutcome(outcome);
    if (outcome.next === 'verify_email') {
      setMustVerify(true);
      navigateLater(to);
    } else {
      void navigate(to, { state });
    }
  }

  function send(request: SigninRequest, { askingForNewCode = false } = {}) {
    setFailure(null);
    setNewCodeSent(false);
    void loadCodeStep().catch(() => undefined);
    signin.mutate(request, {
      onSuccess: (outcome) => {
        if (outcome.next === 'signin_code') {
          startStepSwitch(() => {
            setCodeFor(outcome.email);
            setNewCodeSent(askingForNewCode);
          });
          return;
        }
        go(outcome);
      },
      onError: (error) => {
        if (!codeFor && fields.showServerErrors(error)) return;
        // A refused code is typed again from scratch.
        setCode('');
        const unauthorised = error instanceof ApiError && error.status === 401;
        setFailure(unauthorised ? errorMessage(error, 'Invalid Credentials') : errorMessage(error));
      },
    });
  }

  const backToPassword = () => {
    setCodeFor(null);
    setCode('');
    setFailure(null);
    fields.clearPassword();
  };

  return (
    <div className="flex flex-col gap-6">
      {codeFor ? (
        <PageHeading title="Sign-in code">Enter your sign-in code</PageHeading>
      ) : (
        <PageHeading title="Sign in" />
      )}
      {notice && !failure && !codeFor && <Banner tone="warning">{notice}</Banner>}
      {mustVerify && (
        <Banner tone="warning">
          Your email is not verified yet. We sent you a code; taking you to the verification page...
        </Banner>
      )}
      {newCodeSent && codeFor && (
        <Banner tone="success">If your password is right, we sent a new code to {codeFor}.</Banner>
      )}
      {failure && <Banner tone="error">{failure}</Banner>}
      <Suspense fallback={<Loading label="Loading…" />}>
        {codeFor ? (
          <CodeStep
            email={codeFor}
            code={code}
            onCodeChange={setCode}
            onCode={(value) => send({ ...fields.values, code: value })}
            onNewCode={() => send(fields.values, { askingForNewCode: true })}
            onBack={backToPassword}
            pending={signin.isPending}
            failed={failure !== null}
          />
        ) : (
          <PasswordStep
            field={fields.field}
            onSubmit={() => fields.submit((request) => send(request))}
            pending={signin.isPending || switchingStep}
            disabled={mustVerify}
          >
            <Suspense fallback={PASSKEY_SPACE}>
              <PasskeySignin
                disabled={mustVerify || signin.isPending}
                onOutcome={(outcome) => {
                  // A new session: whatever was read under an earlier one is forgotten first.
                  forgetSessionData();
                  setFailure(null);
                  go(outcome);
                }}
              />
            </Suspense>
          </PasswordStep>
        )}
      </Suspense>
    </div>
  );
}
