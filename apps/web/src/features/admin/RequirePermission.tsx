import type { Me } from '@bank/contract';
import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';

/**
 * A staff page only for holders of `permission`. Others (who can only arrive by typing the
 * address) are told so plainly instead of meeting a refused request; the server refuses anyway.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: string;
  children: ReactNode;
}) {
  const me = useOutletContext<Me>();
  if (me.permissions.includes(permission)) return children;
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <PageHeading title="No access" />
      <p className="text-slate-700 dark:text-slate-300">
        Your role does not open this area. Ask an administrator if you need it.
      </p>
    </div>
  );
}
