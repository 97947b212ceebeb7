import { PageHeading } from '../../components/ui/PageHeading';
import { useMe } from '../../lib/session';
import { EmailSettings } from './EmailSettings';
import { PasskeySettings } from './PasskeySettings';
import { PasswordSettings } from './PasswordSettings';
import { PinSettings } from './PinSettings';
import { SessionsSettings } from './SessionsSettings';
import { TwoStepSettings } from './TwoStepSettings';

/** Settings (spec): change email, password and PIN; passkeys; and the browsers signed in. */
export function SettingsPage() {
  const me = useMe().data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeading title="Settings" />
      <EmailSettings current={me?.email ?? 'your address'} />
      <PasswordSettings />
      <PasskeySettings />
      <PinSettings />
      <TwoStepSettings />
      <SessionsSettings />
    </div>
  );
}
