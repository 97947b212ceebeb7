import { BANNER_TIMEOUT_MS } from '@bank/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Banner } from '../../components/ui/Banner';

export interface Outcome {
  tone: 'success' | 'warning' | 'error';
  /** The spec's words ("Payment Pending!", "Something went wrong!"), in bold. */
  head: string;
  body?: ReactNode;
}

/**
 * The answer to a submitted form. It leaves the screen after 5 s (spec), but stays in the page
 * for screen readers (visually hidden, not removed): someone who reaches it late still finds out
 * what happened. A new outcome is a new banner (give it a new `key`), announced afresh.
 */
export function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={visible ? undefined : 'sr-only'}>
      <Banner tone={outcome.tone}>
        <strong>{outcome.head}</strong>
        {outcome.body && <> {outcome.body}</>}
      </Banner>
    </div>
  );
}
