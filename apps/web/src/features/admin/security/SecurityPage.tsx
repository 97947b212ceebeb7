import { Fingerprint } from 'lucide-react';
import { useId } from 'react';
import { PasskeyManager } from '../../../components/passkeys/PasskeyManager';
import { PageHeading } from '../../../components/ui/PageHeading';
import { panelClass } from '../shared/panel';

/**
 * `/admin/security`: the staff member's own sign-in (any staff member, for themselves only).
 * A passkey checks both the device and the person (fingerprint, face or screen lock), so it
 * stands for the password and the authenticator code together (decision 33).
 */
export function SecurityPage() {
  const id = useId();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title="Your security" />
      <section aria-labelledby={id} className={`${panelClass} flex flex-col gap-4`}>
        <div className="flex items-start gap-3">
          <Fingerprint
            aria-hidden="true"
            className="mt-1 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-50"
          />
          <div>
            <h2 id={id} className="text-lg font-semibold">
              Passkeys
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Sign in to the back office with your fingerprint, face or screen lock, without your
              password or authenticator code. Only you can add or remove your passkeys.
            </p>
          </div>
        </div>
        <PasskeyManager uses="It signs you in to the back office in one step, standing for both your password and your authenticator code." />
      </section>
    </div>
  );
}
