import type { Me, Permission } from '@bank/contract';
import { useOutletContext } from 'react-router';

/** The signed-in staff member, for the pages inside the back office's shell (AdminLayout). */
export function useStaffMember(): Me {
  return useOutletContext<Me>();
}

/** Whether `me` holds `permission`, or (given a list) any one of them, as the server reads it. */
export function holds(me: Me, permission: Permission | readonly Permission[]): boolean {
  return typeof permission === 'string'
    ? me.permissions.includes(permission)
    : permission.some((p) => me.permissions.includes(p));
}
