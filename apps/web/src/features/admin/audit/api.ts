import { auditActionsSchema, auditPageSchema } from '@bank/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usePagedList, withQuery } from '../shared/queue-pages';
import type { AuditFilters } from './filters';

const auditKey = ['staff', 'audit'] as const;

/** The catalogue of actions for the filter: it changes only with the app. */
export const auditActionsQuery = () =>
  queryOptions({
    queryKey: [...auditKey, 'actions'],
    queryFn: () => api('GET', '/api/v1/staff/audit/actions', { schema: auditActionsSchema }),
    staleTime: Infinity,
  });

/** The audit log's rows matching `filters`, newest first, a page at a time. */
export function useAuditLog(filters: AuditFilters) {
  return usePagedList([...auditKey, 'rows', filters], (cursor) =>
    api('GET', withQuery('/api/v1/staff/audit', { ...filters, cursor }), {
      schema: auditPageSchema,
    }),
  );
}

/** Where the CSV of `filters` is made (the whole search, newest first). */
export function auditExportPath(filters: AuditFilters): string {
  return withQuery('/api/v1/staff/audit/export.csv', { ...filters });
}
