import { AUDIT_EXPORT_MAX_ROWS } from '@bank/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { ApiError, errorMessage } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { LoadMore } from '../shared/LoadMore';
import { panelClass } from '../shared/panel';
import { PhoneFilters } from '../shared/PhoneFilters';
import { auditActionsQuery, auditExportPath, useAuditLog } from './api';
import { AuditEntries } from './AuditEntries';
import { AuditFilterForm } from './AuditFilterForm';
import { AUDIT_FILTERS, useAuditFilters, type AuditFilterName } from './filters';

/** The server's refusal of a filter, by the form's field names ("query.actor" is "actor"). */
function refusedFilters(error: unknown): Partial<Record<AuditFilterName, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const found: Partial<Record<AuditFilterName, string>> = {};
  for (const name of AUDIT_FILTERS) {
    const message = error.fieldErrors[`query.${name}`];
    if (message) found[name] = message;
  }
  return found;
}

/**
 * `/admin/audit`: every staff action and security event, newest first, searched by who acted,
 * whom it concerned, what was done, to what and when (UTC); each event opens to its before and
 * after; the search downloads as CSV. Reading it changes nothing; the download is recorded.
 */
export function AuditLogPage() {
  const [filters, setFilters] = useAuditFilters();
  const [params] = useSearchParams();
  const actions = useQuery(auditActionsQuery());
  const { list, more } = useAuditLog(filters);
  const download = useMutation({
    mutationFn: () => downloadFile(auditExportPath(filters), 'audit-log.csv'),
  });
  const refused = refusedFilters(list.error);
  const entries = list.data ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Audit log" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Every staff action and security event: who, what, to what, before and after, when (UTC)
          and from where. Nothing here can be changed; each row is chained to the one before it.
        </p>
      </div>
      <PhoneFilters
        label="Search and download"
        active={Object.keys(filters).length}
        unfold={Object.keys(refused).length > 0}
      >
        <AuditFilterForm
          // The form starts again from a new address, and once the list of actions arrives.
          key={`${params.toString()}|${actions.data ? 'actions' : ''}`}
          filters={filters}
          actions={actions.data}
          serverErrors={refused}
          onSearch={setFilters}
          onDownload={() => download.mutate()}
          downloading={download.isPending}
        />
      </PhoneFilters>
      {download.isError && (
        <Banner tone="error">{errorMessage(download.error, 'The download failed')}</Banner>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The download holds the search as shown, newest first, up to{' '}
        {AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-GB')} rows; a larger search is refused: choose a
        shorter period.
      </p>
      {list.isPending ? (
        <Loading label="Loading the audit log…" />
      ) : list.isError ? (
        Object.keys(refused).length > 0 ? (
          <Banner tone="error">Some filters could not be read: see the fields above.</Banner>
        ) : (
          <LoadFailed
            error={list.error}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        )
      ) : entries.length === 0 ? (
        <p className={panelClass}>
          {Object.keys(filters).length > 0
            ? 'No event matches these filters. Widen the period or clear a filter.'
            : 'Nothing has been recorded yet.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
            {entries.length === 1 ? '1 event' : `${entries.length} events`}, newest first
            {more.has ? '; more below.' : '.'}
          </p>
          <AuditEntries entries={entries} />
          <LoadMore more={more} label="Load older events" />
        </>
      )}
    </div>
  );
}
