import type { StaffMember } from '@bank/contract';
import { StatusBadge } from '../shared/StatusBadge';

/** Active or deactivated, as a badge. */
export function MemberStatus({ member }: { member: Pick<StaffMember, 'status'> }) {
  return member.status === 'active' ? (
    <StatusBadge tone="done">Active</StatusBadge>
  ) : (
    <StatusBadge tone="refused">Deactivated</StatusBadge>
  );
}
