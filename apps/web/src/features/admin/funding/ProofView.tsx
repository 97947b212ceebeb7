import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Loading } from '../../../components/ui/QueryStatus';
import { useObjectUrlSrc } from '../../../hooks/useObjectUrlSrc';
import { errorMessage } from '../../../lib/api';
import { fundingProofQuery } from './api';
import { panelClass } from '../shared/panel';

const LABEL = 'Proof of payment';
const linkClass = 'text-sm font-semibold text-brand-700 underline dark:text-brand-50';

/** Like useObjectUrlSrc, for a link: its own object URL, revoked when the link goes. */
function useObjectUrlHref(blob: Blob) {
  return useCallback(
    (link: HTMLAnchorElement | null) => {
      if (!link) return;
      const url = URL.createObjectURL(blob);
      link.href = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

function Shown({ blob }: { blob: Blob }) {
  const src = useObjectUrlSrc(blob);
  const href = useObjectUrlHref(blob);
  const [unreadable, setUnreadable] = useState(false);
  if (unreadable) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        The proof arrived but cannot be shown as an image.
      </p>
    );
  }
  return (
    <>
      <img
        ref={src}
        alt={LABEL}
        onError={() => setUnreadable(true)}
        className="max-h-96 w-full rounded bg-slate-100 object-contain dark:bg-slate-800"
      />
      {/* The same bytes in a new tab: no second fetch, so no second view in the audit log. */}
      <a
        ref={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open full size, ${LABEL.toLowerCase()} (new tab)`}
        className={`self-start ${linkClass}`}
      >
        Open full size
      </a>
    </>
  );
}

/**
 * The customer's proof as the server re-encoded it, fetched once with the session cookie and
 * shown from memory (the server serves it uncached and audits every fetch).
 */
export function ProofView({ requestId }: { requestId: string }) {
  const proof = useQuery(fundingProofQuery(requestId));
  return (
    <section aria-labelledby="funding-proof" className={`flex flex-col gap-3 ${panelClass}`}>
      <h2 id="funding-proof" className="text-lg font-semibold">
        {LABEL}
      </h2>
      {proof.isPending ? (
        <Loading label="Loading the proof…" />
      ) : proof.isError ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            The proof could not be loaded. {errorMessage(proof.error, '')}
          </p>
          <Button
            variant="secondary"
            className="self-start"
            loading={proof.isFetching}
            onClick={() => void proof.refetch()}
          >
            Load the proof again
          </Button>
        </div>
      ) : (
        <Shown blob={proof.data} />
      )}
    </section>
  );
}
