import type { CustomerSession } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed, Loading } from '../../../../components/ui/QueryStatus';
import { Missing, mutedClass, Reference, When } from '../../shared/cells';
import { panelClass } from '../../shared/panel';
import { QueueTable, type QueueColumn } from '../../shared/QueueTable';
import { StatusBadge } from '../../shared/StatusBadge';
import { customerQueries } from '../api';
import { SESSION_STATE } from '../labels';
import { SectionFrame } from './SectionFrame';
import { SigninProtection } from './SigninProtection';

function State({ session: s }: { session: CustomerSession }) {
  const state = SESSION_STATE[s.state];
  return <StatusBadge tone={state.tone}>{state.label}</StatusBadge>;
}

function Where({ session: s }: { session: CustomerSession }) {
  return (
    <>
      <span className="block">{s.place}</span>
      {s.address ? (
        <span className={`block ${mutedClass}`}>
          <Reference text={s.address} small />
        </span>
      ) : (
        <span className={`block text-sm ${mutedClass}`}>
          <Missing said="No address recorded" />
        </span>
      )}
    </>
  );
}

const device = (s: CustomerSession) =>
  s.scope === 'onboarding' ? `${s.device} (identity check)` : s.device;

const COLUMNS: QueueColumn<CustomerSession>[] = [
  { header: 'Device', cell: device },
  { header: 'Where', cell: (s) => <Where session={s} /> },
  { header: 'Signed in', cell: (s) => <When iso={s.signedInAt} /> },
  { header: 'Last seen', cell: (s) => <When iso={s.lastSeenAt} /> },
  { header: 'State', cell: (s) => <State session={s} /> },
  { header: 'Ended', cell: (s) => <When iso={s.endedAt} /> },
];

/**
 * How the customer protects their sign-in, then their latest sign-ins: on what, from where,
 * when; never a token, key or code.
 */
export function SessionsSection({ customerId }: { customerId: string }) {
  const sessions = useQuery(customerQueries.sessions(customerId));
  return (
    <SectionFrame
      title="Sign-ins"
      intro="How the customer protects their sign-in, then their latest 30 sign-ins, newest first. Places come from the address, without asking any outside service."
    >
      {sessions.isPending ? (
        <Loading label="Loading the sign-ins…" />
      ) : sessions.isError ? (
        <LoadFailed
          error={sessions.error}
          retrying={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <SigninProtection protection={sessions.data.protection} />
          {sessions.data.items.length === 0 ? (
            <p className={panelClass}>The customer has not signed in yet.</p>
          ) : (
            <QueueTable
              items={sessions.data.items}
              caption="Sign-ins"
              rowKey={(s) => s.id}
              columns={COLUMNS}
              card={(s) => ({
                link: <span className="font-semibold">{device(s)}</span>,
                aside: <State session={s} />,
                who: <Where session={s} />,
                details: [
                  ['Signed in', <When iso={s.signedInAt} />],
                  ['Last seen', <When iso={s.lastSeenAt} />],
                  ['Ended', <When iso={s.endedAt} />],
                ],
              })}
            />
          )}
        </>
      )}
    </SectionFrame>
  );
}
