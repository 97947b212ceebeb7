import { Navigate } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import { firstAreaOf, hrefOf, type StaffArea } from './areas';
import { useStaffMember } from './shared/staff-member';

/**
 * `/admin` without a front page the staff member may see: straight to the first area of their
 * menu, or why there is none.
 */
export function AdminHomePage({ areas }: { areas?: readonly StaffArea[] }) {
  const first = firstAreaOf(useStaffMember(), areas);
  if (first) return <Navigate to={hrefOf(first)} replace />;
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <PageHeading title="Back office" />
      <p className="text-slate-700 dark:text-slate-300">
        None of the areas built so far is open to your role. Ask an administrator for the access you
        need.
      </p>
    </div>
  );
}
