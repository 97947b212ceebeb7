import type { SecondFactorStatus } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';
import { useMe } from '../../lib/session';
import { Section } from './Section';
import { FreshRecoveryCodes } from './two-step/FreshRecoveryCodes';
import { TwoStepOff } from './two-step/TwoStepOff';
import { TwoStepOn } from './two-step/TwoStepOn';

type Turned = SecondFactorStatus & { method: 'passkey' | 'authenticator' };
const isOn = (status: SecondFactorStatus): status is Turned => status.method !== null;

/**
 * Two-step sign-in (decision 33): off, a choice of a passkey or an authenticator app; on, which
 * one, since when and the recovery codes left. New recovery codes are shown here once.
 */
export function TwoStepSettings() {
  const account = useMe().data?.email ?? '';
  const status = useQuery(queries.secondFactorStatus());
  const [fresh, setFresh] = useState<{ codes: string[]; turnedOn: boolean } | null>(null);
  const [turnedOff, setTurnedOff] = useState<string | null>(null);
  // The codes' button goes away when pressed: focus moves to what replaces it.
  const [codesSaved, setCodesSaved] = useState(false);
  const showCodes = (turnedOn: boolean) => (codes: string[]) => {
    setTurnedOff(null);
    setCodesSaved(false);
    setFresh({ codes, turnedOn });
  };
  return (
    <Section
      icon={ShieldCheck}
      title="Two-step sign-in"
      description="A second step after your password on a browser you have not used before: your passkey or a code from an authenticator app."
    >
      {fresh ? (
        <FreshRecoveryCodes
          {...fresh}
          account={account}
          onDone={() => {
            setFresh(null);
            setCodesSaved(true);
          }}
        />
      ) : status.data ? (
        isOn(status.data) ? (
          <TwoStepOn
            status={status.data}
            onNewCodes={showCodes(false)}
            onTurnedOff={setTurnedOff}
            takeFocus={codesSaved}
          />
        ) : (
          <TwoStepOff
            account={account}
            turnedOff={turnedOff}
            onStart={() => setTurnedOff(null)}
            onTurnedOn={showCodes(true)}
          />
        )
      ) : status.isError ? (
        <LoadFailed
          error={status.error}
          retrying={status.isFetching}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <Loading label="Loading two-step sign-in…" />
      )}
    </Section>
  );
}
