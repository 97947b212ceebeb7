import { personName } from '@bank/contract';
import type { StaffMember, StaffRole } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Email, ItemLink, mutedClass, When } from '../shared/cells';
import { QueuePage } from '../shared/QueuePage';
import { QueueTable } from '../shared/QueueTable';
import { StatusTabs, useStatusInAddress } from '../shared/StatusTabs';
import { staffTeamQueries } from './api';
import { InvitationList } from './InvitationList';
import { MemberStatus } from './MemberStatus';
import { roleLabels } from './RoleChoices';
import { StaffFilters } from './StaffFilters';

const TABS = ['active', 'invited', 'deactivated', 'all'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  active: 'Active',
  invited: 'Invitations',
  deactivated: 'Deactivated',
  all: 'All staff',
};
const CAPTIONS: Record<Exclude<Tab, 'invited'>, string> = {
  active: 'Active staff, by name',
  deactivated: 'Deactivated staff, by name',
  all: 'All staff, by name',
};

function SecondFactor({ member }: { member: StaffMember }) {
  return member.secondFactor ? (
    <span>Set up</span>
  ) : (
    <span className={mutedClass}>Not yet: set up at the next sign-in</span>
  );
}

function MemberLink({ member }: { member: StaffMember }) {
  return (
    <ItemLink to={`/admin/staff/${member.id}`} whose={member.email}>
      {personName(member)}
      {member.isYou && ' (you)'}
    </ItemLink>
  );
}

function Members({ tab, roles }: { tab: Exclude<Tab, 'invited'>; roles: StaffRole[] | undefined }) {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const members = useQuery(staffTeamQueries.members({ status: tab, q, role }));
  const filtered = q !== '' || role !== '';
  return (
    <QueuePage
      title="Staff"
      intro={<Intro />}
      tabs={
        <>
          <Tabs shown={tab} />
          <StaffFilters key={params.toString()} roles={roles} />
        </>
      }
      query={members}
      loadingLabel="Loading the staff…"
      empty={
        filtered
          ? 'Nobody matches this search. Clear it to see everyone.'
          : tab === 'deactivated'
            ? 'Nobody is deactivated.'
            : 'No staff here yet. Invite someone to join.'
      }
      summary={(count) => (count === 1 ? '1 staff member' : `${count} staff members`)}
    >
      {(items) => (
        <QueueTable
          items={items}
          caption={CAPTIONS[tab]}
          rowKey={(member) => member.id}
          columns={[
            {
              header: 'Name',
              cell: (member) => (
                <>
                  <MemberLink member={member} />
                  <span className={`block text-sm break-words ${mutedClass}`}>
                    <Email email={member.email} />
                  </span>
                </>
              ),
            },
            { header: 'Roles', cell: (member) => roleLabels(member.roles, roles) },
            { header: 'Status', nowrap: true, cell: (member) => <MemberStatus member={member} /> },
            { header: 'Authenticator app', cell: (member) => <SecondFactor member={member} /> },
            {
              header: 'Last sign-in',
              cell: (member) => <When iso={member.lastSigninAt} />,
            },
          ]}
          card={(member) => ({
            link: <MemberLink member={member} />,
            aside: <MemberStatus member={member} />,
            who: (
              <span className={`block text-sm break-words ${mutedClass}`}>
                <Email email={member.email} />
              </span>
            ),
            details: [
              ['Roles', roleLabels(member.roles, roles)],
              ['Authenticator app', <SecondFactor member={member} />],
              ['Last sign-in', <When iso={member.lastSigninAt} />],
            ],
          })}
        />
      )}
    </QueuePage>
  );
}

function Intro() {
  return (
    <span className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
      <span>
        Who works in the back office, with which roles. Open a person to change their roles,
        deactivate them or reset their authenticator app.
      </span>
      <ButtonLink to="/admin/staff/invite" className="shrink-0 gap-2">
        <UserPlus aria-hidden="true" className="h-5 w-5" />
        Invite a staff member
      </ButtonLink>
    </span>
  );
}

function Tabs({ shown }: { shown: Tab }) {
  return (
    <StatusTabs
      label="Staff by status"
      path="/admin/staff"
      statuses={TABS}
      labels={TAB_LABELS}
      shown={shown}
    />
  );
}

/**
 * The staff (active, deactivated or all, by name, filtered by role or a name or address) and the
 * invitations waiting to be accepted, each tab in the address.
 */
export function StaffListPage() {
  const tab = useStatusInAddress(TABS);
  const roles = useQuery(staffTeamQueries.roles());
  if (tab === 'invited') {
    return <InvitationList intro={<Intro />} tabs={<Tabs shown={tab} />} roles={roles.data} />;
  }
  return <Members tab={tab} roles={roles.data} />;
}
