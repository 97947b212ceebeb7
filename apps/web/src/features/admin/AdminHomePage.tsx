import type { Me } from '@bank/contract';
import { Navigate, useOutletContext } from 'react-router';
import { areasOf } from './areas';
import { PageHeading } from '../../components/ui/PageHeading';

/** `/admin`: straight to the first area the staff member may use, or why there is none. */
export function AdminHomePage() {
  const me = useOutletContext<Me>();
  const [first] = areasOf(me);
  if (first) return <Navigate to={first.to} replace />;
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
