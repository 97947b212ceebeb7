import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams, type NavigateFunction } from 'react-router';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

const STEPS = ['Details', 'Review', 'Authorize'] as const;

/** The flow's three pages as numbered steps, the current one marked for screen readers too. */
function FlowSteps({ current }: { current: number }) {
  return (
    <ol aria-label="Transfer steps" className="flex items-center gap-2 text-sm">
      {STEPS.map((label, index) => {
        const done = index < current;
        const here = index === current;
        return (
          <li
            key={label}
            aria-current={here ? 'step' : undefined}
            className="flex flex-1 items-center gap-2 last:flex-none"
          >
            <span
              aria-hidden="true"
              className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                here
                  ? 'bg-brand-700 text-white'
                  : done
                    ? 'bg-green-700 text-white'
                    : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
              }`}
            >
              {done ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            {/* On a phone only the current step is named on screen; all stay read out. */}
            <span
              className={
                here ? 'font-semibold' : 'sr-only text-slate-600 sm:not-sr-only dark:text-slate-400'
              }
            >
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
            {index < STEPS.length - 1 && (
              <span
                aria-hidden="true"
                className="h-px min-w-4 flex-1 bg-slate-300 dark:bg-slate-700"
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The frame of the transfer pages (spec: send, confirm, pin): the heading, which names the tab,
 * a line under it, where the customer is in the flow, and the page.
 */
export function TransferFrame({
  title,
  step,
  intro,
  width,
  children,
}: {
  title: string;
  /** 0 the form, 1 the review, 2 the PIN. */
  step: number;
  intro?: ReactNode;
  /** The column's width: the form is wider than the PIN. */
  width: 'max-w-3xl' | 'max-w-2xl' | 'max-w-lg';
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto flex w-full flex-col gap-6 ${width}`}>
      <div>
        <PageHeading title={title} />
        {intro && <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>}
      </div>
      <FlowSteps current={step} />
      {children}
    </div>
  );
}

/** A customer without a transaction PIN creates one first (spec), as on the dashboard. */
export function RequirePin({ children }: { children: ReactNode }) {
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
  return <Loading label="Loading…" />;
}

/** The transfer a page is about (`?id=`), or null on a page opened without one. */
export function useTransferId(): string | null {
  const [params] = useSearchParams();
  return params.get('id') || null;
}

/** A link of the flow that reads as a link, as tall as a button (e.g. "Start a new transfer"). */
export const flowLinkClass =
  'inline-flex min-h-11 items-center self-start font-semibold text-brand-700 underline dark:text-brand-50';

/** Where each page of the flow is for one transfer. */
export const flowPath = {
  edit: (id: string) => `/dashboard/send?id=${encodeURIComponent(id)}`,
  confirm: (id: string) => `/dashboard/send/confirm?id=${encodeURIComponent(id)}`,
  pin: (id: string) => `/dashboard/send/pin?id=${encodeURIComponent(id)}`,
};

/**
 * From the form to the review of the draft just saved. The form's place in the history becomes
 * that draft's edit page first, so the browser's Back from the review returns to the details as
 * typed (as Edit does), not to an empty form.
 */
export async function toReview(navigate: NavigateFunction, id: string): Promise<void> {
  await navigate(flowPath.edit(id), { replace: true });
  await navigate(flowPath.confirm(id));
}
