import { personName } from '@bank/contract';
import type { StaffInvitation, StaffRole } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { Email, mutedClass, When } from '../shared/cells';
import { QueuePage } from '../shared/QueuePage';
import { QueueTable } from '../shared/QueueTable';
import { StatusBadge } from '../shared/StatusBadge';
import { staffTeamQueries, useInvitationActions } from './api';
import { roleLabels } from './RoleChoices';

const CAPTION = 'Invitations waiting to be accepted, newest first';

function Invitee({ invitation }: { invitation: StaffInvitation }) {
  return (
    <>
      <span className="block font-medium">{personName(invitation)}</span>
      <span className={`block text-sm break-words ${mutedClass}`}>
        <Email email={invitation.email} />
      </span>
    </>
  );
}

function LinkState({ invitation }: { invitation: StaffInvitation }) {
  return invitation.status === 'expired' ? (
    <StatusBadge tone="refused">Link expired</StatusBadge>
  ) : (
    <span>
      Until <When iso={invitation.expiresAt} />
    </span>
  );
}

function Invited({ invitation }: { invitation: StaffInvitation }) {
  return (
    <span>
      <When iso={invitation.invitedAt} /> by {invitation.invitedBy.name}
    </span>
  );
}

/**
 * The invitations not yet accepted: send one again (a new link; the earlier one stops working),
 * or revoke it after a confirmation.
 */
export function InvitationList({
  intro,
  tabs,
  roles,
}: {
  intro: ReactNode;
  tabs: ReactNode;
  roles: StaffRole[] | undefined;
}) {
  const invitations = useQuery(staffTeamQueries.invitations());
  const { resend, revoke } = useInvitationActions();
  const [revoking, setRevoking] = useState<StaffInvitation | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const busy = resend.isPending || revoke.isPending;

  const sendAgain = (invitation: StaffInvitation) => {
    setDone(null);
    setFailed(null);
    resend.mutate(invitation.id, {
      onSuccess: () =>
        setDone(
          `Sent again to ${invitation.email}. The new link works for 72 hours; the earlier one no longer works.`,
        ),
      onError: (error) => setFailed(errorMessage(error)),
    });
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    const invitation = revoking;
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        setRevoking(null);
        setDone(`The invitation to ${invitation.email} is revoked: its link no longer works.`);
      },
    });
  };

  const actions = (invitation: StaffInvitation) => (
    <span className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={busy} onClick={() => sendAgain(invitation)}>
        Send again <span className="sr-only">to {invitation.email}</span>
      </Button>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setDone(null);
          setFailed(null);
          revoke.reset();
          setRevoking(invitation);
        }}
      >
        Revoke <span className="sr-only">the invitation to {invitation.email}</span>
      </Button>
    </span>
  );

  return (
    <>
      <QueuePage
        title="Staff"
        intro={intro}
        tabs={
          <>
            {tabs}
            {done && <Banner tone="success">{done}</Banner>}
            {failed && <Banner tone="error">{failed}</Banner>}
          </>
        }
        query={invitations}
        loadingLabel="Loading the invitations…"
        empty="No invitation is waiting. Invite a staff member to send one."
        summary={(count) => (count === 1 ? '1 invitation waiting' : `${count} invitations waiting`)}
      >
        {(items) => (
          <QueueTable
            items={items}
            caption={CAPTION}
            rowKey={(invitation) => invitation.id}
            columns={[
              { header: 'Invited person', cell: (i) => <Invitee invitation={i} /> },
              { header: 'Roles', cell: (i) => roleLabels(i.roles, roles) },
              { header: 'Invited', cell: (i) => <Invited invitation={i} /> },
              { header: 'Link', nowrap: true, cell: (i) => <LinkState invitation={i} /> },
              { header: 'Actions', cell: actions },
            ]}
            card={(i) => ({
              link: <span className="font-semibold">{personName(i)}</span>,
              aside: i.status === 'expired' ? <LinkState invitation={i} /> : undefined,
              who: (
                <span className={`block text-sm break-words ${mutedClass}`}>
                  <Email email={i.email} />
                </span>
              ),
              details: [
                ['Roles', roleLabels(i.roles, roles)],
                ['Invited', <Invited invitation={i} />],
                ['Link', <LinkState invitation={i} />],
                ['Actions', actions(i)],
              ],
            })}
          />
        )}
      </QueuePage>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this invitation?"
        description={
          revoking
            ? `The link sent to ${revoking.email} stops working at once. You can invite them again later.`
            : ''
        }
        confirmLabel="Revoke invitation"
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
      />
    </>
  );
}
