import { useSearchParams } from 'react-router';

/** The audit log's filters, as the address holds them and the API reads them. */
export const AUDIT_FILTERS = ['actor', 'customer', 'action', 'target', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Partial<Record<AuditFilterName, string>>;

/** The filters in force: those of the address, empty ones left out. */
export function filtersIn(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const [params, setParams] = useSearchParams();
  return [
    filtersIn(params),
    (next) => {
      const search = new URLSearchParams();
      for (const name of AUDIT_FILTERS) {
        const value = next[name]?.trim();
        if (value) search.set(name, value);
      }
      setParams(search);
    },
  ];
}
