import type { Permission } from '@bank/contract';
import type { ReactNode } from 'react';
import { PageHeading } from '../../components/ui/PageHeading';
import { holds, useStaffMember } from './shared/staff-member';

/**
 * A staff page only for holders of `permission` (or of any one of a list). Others (who can only arrive by typing the
 * address) are told so plainly instead of meeting a refused request, or shown `otherwise`; the
 * server refuses anyway.
 */
export function RequirePermission({
  permission,
  otherwise = <NoAccess />,
  children,
}: {
  permission: Permission | readonly Permission[];
  otherwise?: ReactNode;
  children: ReactNode;
}) {
  const me = useStaffMember();
  return holds(me, permission) ? children : otherwise;
}

function NoAccess() {
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <PageHeading title="No access" />
      <p className="text-slate-700 dark:text-slate-300">
        Your role does not open this area. Ask an administrator if you need it.
      </p>
    </div>
  );
}
