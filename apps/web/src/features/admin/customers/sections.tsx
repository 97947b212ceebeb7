import { Link } from 'react-router';

/** The customer page's sections, each at its own address under the customer's. */
export const SECTIONS = [
  { path: '', label: 'Overview' },
  { path: 'identity', label: 'Identity checks' },
  { path: 'ledger', label: 'Ledger' },
  { path: 'funding', label: 'Funding requests' },
  { path: 'transfers', label: 'Transfers' },
  { path: 'fixed-deposits', label: 'Fixed deposits' },
  { path: 'sessions', label: 'Sign-ins' },
  { path: 'notifications', label: 'Notifications' },
  { path: 'notes', label: 'Internal notes' },
  { path: 'audit', label: 'Audit trail' },
] as const;

export type CustomerSection = (typeof SECTIONS)[number];

export function sectionOf(path: string): CustomerSection | undefined {
  return SECTIONS.find((section) => section.path === path);
}

export function sectionHref(customerId: string, path: string): string {
  return `/admin/customers/${encodeURIComponent(customerId)}${path ? `/${path}` : ''}`;
}

const item = 'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ring-1';
const current = 'bg-brand-700 text-white ring-brand-700';
const other =
  'text-brand-700 ring-slate-200 hover:bg-slate-100 dark:text-brand-50 dark:ring-slate-700 dark:hover:bg-slate-800';

/** The sections as links (the one shown marked as the current page); they wrap on a phone. */
export function SectionNav({
  customerId,
  current: shown,
}: {
  customerId: string;
  current: string;
}) {
  return (
    <nav aria-label="Customer sections">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <Link
              to={sectionHref(customerId, section.path)}
              aria-current={section.path === shown ? 'page' : undefined}
              className={`${item} ${section.path === shown ? current : other}`}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
