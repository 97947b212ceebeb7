import type { Me } from '@bank/contract';
import { useOutletContext } from 'react-router';

/** The signed-in staff member, for the pages inside the back office's shell (AdminLayout). */
export function useStaffMember(): Me {
  return useOutletContext<Me>();
}
