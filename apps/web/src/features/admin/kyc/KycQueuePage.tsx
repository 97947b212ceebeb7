import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { countryName } from '../../../lib/countries';
import { queries } from '../../../lib/queries';
import { formatDateTime } from '../../../lib/format';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { panelClass } from '../panel';
import { PageHeading } from '../../../components/ui/PageHeading';

/** Identity checks waiting for a decision, oldest first. */
export function KycQueuePage() {
  const queue = useQuery(queries.staffKycQueue());
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Identity checks" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Submissions waiting for review, oldest first.
        </p>
      </div>
      {queue.isPending ? (
        <Loading label="Loading the queue…" />
      ) : queue.isError ? (
        <LoadFailed
          error={queue.error}
          retrying={queue.isFetching}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data.length === 0 ? (
        <p className={panelClass}>No identity checks are waiting.</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {queue.data.length === 1 ? '1 waiting' : `${queue.data.length} waiting`}
          </p>
          <ul className="flex flex-col gap-3">
            {queue.data.map((item) => (
              <li key={item.id} className={panelClass}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/kyc/${item.id}`}
                      className="text-lg font-semibold text-brand-700 underline dark:text-brand-50"
                    >
                      {item.firstName} {item.lastName}
                    </Link>
                    <p className="break-all text-sm text-slate-700 dark:text-slate-300">
                      {item.email}
                    </p>
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt className="text-slate-600 dark:text-slate-400">Submitted</dt>
                    <dd>{formatDateTime(item.submittedAt)}</dd>
                    <dt className="text-slate-600 dark:text-slate-400">Document</dt>
                    <dd>{item.documentType}</dd>
                    <dt className="text-slate-600 dark:text-slate-400">Country</dt>
                    <dd>{countryName(item.country)}</dd>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
