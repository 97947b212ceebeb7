import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/api';

/** A request on its way. */
export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      Loading {what}…
    </p>
  );
}

/** A request that failed: what the server said, and a way to ask again. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Banner tone="error">{errorMessage(error, 'Something went wrong')}</Banner>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
