import type { Transfer } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';
import { flowLinkClass } from './layout';

/** A transfer that did not load: the error with Try again, and the way to a new transfer. */
export function TransferLoadFailed({
  query,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <div className="flex flex-col gap-3">
      <LoadFailed
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
      <Link to="/dashboard/send" className={flowLinkClass}>
        Start a new transfer
      </Link>
    </div>
  );
}

/** The customer's transfer `id`, handed to `children` once it has loaded. */
export function TransferLoader({
  id,
  children,
}: {
  id: string;
  children: (transfer: Transfer) => ReactNode;
}) {
  const transfer = useQuery(queries.transfer(id));
  if (transfer.data) return children(transfer.data);
  if (transfer.isError) return <TransferLoadFailed query={transfer} />;
  return <Loading label="Loading your transfer…" />;
}
