import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

/**
 * A customer without a transaction PIN is sent to create one before anything else (spec).
 * `fallback` stands in while the check is on its way (the page's frame with placeholders).
 */
export function RequirePin({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const status = useQuery(queries.pinStatus());
  if (status.data) {
    return status.data.hasPin ? children : <Navigate to="/dashboard/pincreation" replace />;
  }
  if (status.isError) {
    return (
      <LoadFailed
        error={status.error}
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  }
  return fallback ?? <Loading label="Loading your dashboard…" />;
}
