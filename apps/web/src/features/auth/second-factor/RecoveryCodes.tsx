import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CheckboxField } from '../../../components/ui/CheckboxField';
import { RecoveryCodeList } from '../../../components/second-factor/RecoveryCodeList';
import { StepHeader } from './StepHeader';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy them, save
 * them as a file, and say so before going on to the back office.
 */
export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [mustConfirm, setMustConfirm] = useState(false);

  return (
    <div className="flex flex-col gap-6">
      <StepHeader icon={KeyRound} title="Save your recovery codes">
        Your authenticator app is set up. If you lose your phone, each of these codes signs you in
        once. This is the only time we show them.
      </StepHeader>
      <RecoveryCodeList codes={codes} account={account} />
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!saved) {
            setMustConfirm(true);
            return;
          }
          void navigate('/admin', { replace: true });
        }}
      >
        <CheckboxField
          label="I have saved my recovery codes"
          checked={saved}
          onChange={(event) => {
            setSaved(event.target.checked);
            setMustConfirm(false);
          }}
          error={mustConfirm ? 'Save your recovery codes, then tick this box.' : undefined}
        />
        {mustConfirm && (
          <Banner tone="warning">
            Without them, a lost phone means asking an administrator to reset your sign-in.
          </Banner>
        )}
        <Button type="submit">Continue</Button>
      </form>
    </div>
  );
}
