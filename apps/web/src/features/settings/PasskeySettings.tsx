import { Fingerprint } from 'lucide-react';
import { PasskeyManager } from '../../components/passkeys/PasskeyManager';
import { Section } from './Section';

/** Passkeys (issue 21): signing in without the password, and approving transfers. */
export function PasskeySettings() {
  return (
    <Section
      icon={Fingerprint}
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password."
    >
      <PasskeyManager uses="With it you sign in without your password, and approve transfers without waiting for an emailed code." />
    </Section>
  );
}
