import { useId } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { useForgetBrowsers } from './api';

const skipping = (count: number) =>
  count === 0
    ? 'No browser skips the second step.'
    : `${count} ${count === 1 ? 'browser skips' : 'browsers skip'} the second step.`;

/**
 * The browsers that passed the second step in the last 90 days and are not asked again, and a
 * way to have them all asked again (a shared computer): this browser too. The button stays
 * usable at none (this browser may have been forgotten elsewhere), so the focus is never lost.
 */
export function RememberedBrowsers({ count }: { count: number }) {
  const forget = useForgetBrowsers();
  const said = useId();
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 className="font-semibold">Remembered browsers</h3>
      <p id={said} className="text-sm text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-900 dark:text-slate-100">{skipping(count)}</span> A
        browser where you passed it is remembered for 90 days.
      </p>
      {forget.isSuccess && (
        <Banner tone="success">Every browser will ask for the second step again.</Banner>
      )}
      {forget.isError && (
        <Banner tone="error">{errorMessage(forget.error, 'Something went wrong')}</Banner>
      )}
      <div>
        <Button
          variant="secondary"
          aria-describedby={said}
          loading={forget.isPending}
          onClick={() => forget.mutate()}
        >
          Forget remembered browsers
        </Button>
      </div>
    </div>
  );
}
