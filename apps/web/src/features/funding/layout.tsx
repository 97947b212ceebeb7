import type { FundingForms, Product } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

/** The spec's words for a product switched off where the customer lives. */
export const NOT_AVAILABLE = 'Not available for your region';

/** The spec's instruction on every crypto-paid form. */
export const INSTRUCTION =
  'To deposit, choose the payment method panel and make the payment to the displayed address. After payment has been made, come back to fill this form.';

/** The frame of every funding page: a column as wide as a form reads well. */
export function Page({ children }: { children: ReactNode }) {
  return <div className="flex max-w-3xl flex-col gap-6">{children}</div>;
}

/**
 * The page's heading and the line under it. The heading names the browser tab, or `tab` does
 * where two pages share a heading (a section's index and its crypto form).
 */
export function PageIntro({
  title,
  tab,
  children,
}: {
  title: string;
  tab?: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <PageHeading title={tab ?? title}>{title}</PageHeading>
      {children && <p className="mt-1 text-slate-700 dark:text-slate-300">{children}</p>}
    </div>
  );
}

/** Back to the section's list of methods. */
export function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-brand-700 hover:underline dark:text-brand-50"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

/** What a page shows in place of its form where the product is switched off (PRODUCT.md 6). */
export function NotAvailable() {
  return (
    <p
      role="status"
      className="flex items-center gap-3 rounded-lg bg-slate-100 px-4 py-3 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
    >
      <Globe aria-hidden="true" className="h-5 w-5 shrink-0" />
      {NOT_AVAILABLE}
    </p>
  );
}

/**
 * Shows `children` (given the forms' choices) where the product is available in the customer's
 * region, and the spec's label instead of the form where it is not.
 */
export function WhenAvailable({
  product,
  children,
}: {
  product: Product;
  children: (forms: FundingForms) => ReactNode;
}) {
  const availability = useQuery(queries.availability());
  const forms = useQuery(queries.fundingForms());
  if (availability.data && !availability.data[product]) return <NotAvailable />;
  if (availability.data && forms.data) return <>{children(forms.data)}</>;
  const failed = availability.error ?? forms.error;
  if (failed) {
    return (
      <LoadFailed
        error={failed}
        retrying={availability.isFetching || forms.isFetching}
        onRetry={() => {
          if (availability.isError) void availability.refetch();
          if (forms.isError) void forms.refetch();
        }}
      />
    );
  }
  return <Loading label="Loading the form…" />;
}
