import { personName } from '@bank/contract';
import type { StaffMemberDetail, StaffRole } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Missing, When } from '../shared/cells';
import { DetailSection, type DetailRow } from '../shared/DetailRows';
import { useDecisionOutcome } from '../shared/outcome';
import { ReviewFrame } from '../shared/ReviewFrame';
import { staffTeamQueries } from './api';
import { MemberActions } from './MemberActions';
import { RecentActivity } from './RecentActivity';
import { roleLabels } from './RoleChoices';
import { MemberStatus } from './MemberStatus';

function Member({
  detail,
  roles,
  onDecided,
  onConflict,
}: {
  detail: StaffMemberDetail;
  roles: StaffRole[] | undefined;
  onDecided: (text: string) => void;
  onConflict: (detail: string) => void;
}) {
  const { member } = detail;
  const name = personName(member);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${name} · Staff`}>{name}</PageHeading>
        <MemberStatus member={member} />
      </div>
      <DetailSection
        title="Details"
        rows={[
          ['Email', member.email],
          ['Roles', roleLabels(member.roles, roles) || <Missing said="No role" />],
          [
            'Authenticator app',
            member.secondFactor ? 'Set up' : 'Not set up yet: they set it up at their next sign-in',
          ],
          ['Last sign-in', <When iso={member.lastSigninAt} />],
          ['Joined', <When iso={member.joinedAt} />],
          ...(member.deactivatedAt
            ? [['Deactivated', <When iso={member.deactivatedAt} />] satisfies DetailRow]
            : []),
        ]}
      />
      {member.isYou ? (
        <Banner tone="info">
          This is you. Nobody changes their own access: another staff administrator changes your
          roles, deactivates you or resets your authenticator app.
        </Banner>
      ) : roles ? (
        <MemberActions
          detail={detail}
          roles={roles}
          onDecided={onDecided}
          onConflict={onConflict}
        />
      ) : null}
      <RecentActivity events={detail.recentEvents} />
    </div>
  );
}

/**
 * A staff member: who they are and what they may do, the changes an administrator makes to
 * their access (each with a reason for the audit log, confirmed first), and their latest audit
 * events.
 */
export function StaffMemberPage() {
  const { id = '' } = useParams();
  const detail = useQuery(staffTeamQueries.member(id));
  const roles = useQuery(staffTeamQueries.roles());
  const { outcome, onDecided, onConflict } = useDecisionOutcome();
  return (
    <ReviewFrame
      back={{ to: '/admin/staff', label: 'Staff' }}
      outcome={outcome}
      noun="staff member"
      query={detail}
      loadingLabel="Loading the staff member…"
      notFoundTitle="No such staff member"
      notFoundText="There is no staff member at this address. Go back to the staff list to find them."
    >
      {(data) => (
        <Member detail={data} roles={roles.data} onDecided={onDecided} onConflict={onConflict} />
      )}
    </ReviewFrame>
  );
}
