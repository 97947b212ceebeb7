import type { CustomerSigninProtection, Passkey } from '@bank/contract';
import { useId, type ReactNode } from 'react';
import { mutedClass, When } from '../../shared/cells';
import { panelClass } from '../../shared/panel';
import { StatusBadge } from '../../shared/StatusBadge';
import { SIGNIN_FACTOR } from '../labels';

function TwoStep({ twoStep }: { twoStep: CustomerSigninProtection['twoStep'] }) {
  if (!twoStep) return <StatusBadge tone="neutral">Off</StatusBadge>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusBadge tone="done">On</StatusBadge>
      <span>
        {SIGNIN_FACTOR[twoStep.method]}, since <When iso={twoStep.enabledAt} />
      </span>
      <span className={`basis-full text-sm ${mutedClass}`}>
        {twoStep.recoveryCodesLeft === 1
          ? '1 recovery code left'
          : `${twoStep.recoveryCodesLeft} recovery codes left`}
      </span>
    </span>
  );
}

function Passkeys({ passkeys }: { passkeys: Passkey[] }) {
  if (passkeys.length === 0) return <>No passkeys.</>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Passkeys">
      {passkeys.map((p) => (
        <li key={p.id}>
          <span className="block font-medium break-words">{p.name}</span>
          <span className={`block text-sm ${mutedClass}`}>
            Added <When iso={p.createdAt} />
            {' · '}
            {p.lastUsedAt ? (
              <>
                Last used <When iso={p.lastUsedAt} />
              </>
            ) : (
              'Never used'
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

const browsers = (n: number) =>
  n === 0 ? 'None' : `${n} ${n === 1 ? 'browser skips' : 'browsers skip'} the second step`;

/**
 * How the customer protects their sign-in: two-step sign-in and which factor, their passkeys by
 * name, the browsers remembered now. Staff see it and change nothing here.
 */
export function SigninProtection({ protection: p }: { protection: CustomerSigninProtection }) {
  const id = useId();
  const rows: [string, ReactNode][] = [
    ['Two-step sign-in', <TwoStep twoStep={p.twoStep} />],
    ['Passkeys', <Passkeys passkeys={p.passkeys} />],
    ['Remembered browsers', browsers(p.trustedBrowsers)],
  ];
  return (
    <section aria-labelledby={id} className={panelClass}>
      <h3 id={id} className="font-semibold">
        Sign-in protection
      </h3>
      <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className={`text-sm ${mutedClass}`}>{term}</dt>
            <dd className="mb-2 min-w-0 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
