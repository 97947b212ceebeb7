import { RecoveryCodeList } from '../../../components/second-factor/RecoveryCodeList';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';

/** The ten recovery codes just made, shown this once: the server keeps only their hashes. */
export function FreshRecoveryCodes({
  codes,
  account,
  turnedOn,
  onDone,
}: {
  codes: string[];
  account: string;
  /** True when two-step sign-in was just turned on; false for new codes replacing old ones. */
  turnedOn: boolean;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Banner tone="success">
        {turnedOn
          ? 'Two-step sign-in is on. Save your recovery codes now.'
          : 'You have new recovery codes; the old ones no longer work.'}
      </Banner>
      <p>
        Each code signs you in once if your passkey or phone is not at hand.{' '}
        <strong>They are shown only this once:</strong> copy them, download them, or write them down
        and keep them somewhere safe.
      </p>
      <RecoveryCodeList
        codes={codes}
        account={account}
        usedWhen="when your passkey or authenticator app is not at hand"
      />
      <Button className="self-start" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </div>
  );
}
