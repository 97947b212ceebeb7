import { Banner } from './Banner';
import { Button } from './Button';
import { errorMessage } from '../../lib/api';

/** Stands in while a request is on its way; announced politely to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-2 text-slate-700 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label}
    </p>
  );
}

/**
 * The whole screen while the app fetches what it needs before a page can show: the session
 * check, or the code of a page opened straight from its address (the router's lazy routes).
 */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Loading label="Loading…" />
    </div>
  );
}

/** A request that failed: what went wrong, and a button that asks again. */
export function LoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Banner tone="error">{errorMessage(error, 'Something went wrong')}</Banner>
      <Button variant="secondary" className="self-start" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
