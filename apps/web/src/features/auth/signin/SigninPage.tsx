import { signinSchema } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { PageHeading } from '../../../components/ui/PageHeading';
import { useDelayedNavigate } from '../../../hooks/useDelayedNavigate';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useSignin, type SigninRequest } from '../api/signin';
import { routeForOutcome } from '../outcome-route';
import { CodeStep } from './CodeStep';
import { PasswordStep } from './PasswordStep';

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
  const {
    register,
    handleSubmit,
    getValues,
    resetField,
    setError,
    formState: { errors },
  } = useForm<SigninRequest>({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: '', password: '' },
  });
  const signin = useSignin();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [mustVerify, setMustVerify] = useState(false);
  /** Where the sign-in code went, once the server asked for one. */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [newCodeSent, setNewCodeSent] = useState(false);

  function send(request: SigninRequest, { askingForNewCode = false } = {}) {
    setFailure(null);
    setNewCodeSent(false);
    signin.mutate(request, {
      onSuccess: (outcome) => {
        if (outcome.next === 'signin_code') {
          setCodeFor(outcome.email);
          setNewCodeSent(askingForNewCode);
          return;
        }
        const { to, state } = routeForOutcome(outcome);
        if (outcome.next === 'verify_email') {
          setMustVerify(true);
          navigateLater(to);
        } else {
          void navigate(to, { state });
        }
      },
      onError: (error) => {
        if (!codeFor && applyFieldErrors(error, ['email', 'password'], setError)) return;
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
    resetField('password');
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
      {codeFor ? (
        <CodeStep
          email={codeFor}
          code={code}
          onCodeChange={setCode}
          onCode={(value) => send({ ...getValues(), code: value })}
          onNewCode={() => send(getValues(), { askingForNewCode: true })}
          onBack={backToPassword}
          pending={signin.isPending}
          failed={failure !== null}
        />
      ) : (
        <PasswordStep
          register={register}
          errors={errors}
          onSubmit={handleSubmit((values) => send(values))}
          pending={signin.isPending}
          disabled={mustVerify}
        />
      )}
    </div>
  );
}
