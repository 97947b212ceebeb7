import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useObjectUrlSrc } from '../../../../hooks/useObjectUrlSrc';
import { FetchedFilePanel, useObjectUrlHref } from '../FetchedFile';
import { fundingProofQuery } from './api';

const LABEL = 'Proof of payment';
const linkClass = 'text-sm font-semibold text-brand-700 underline dark:text-brand-50';

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
  const file = useQuery(fundingProofQuery(requestId));
  return (
    <FetchedFilePanel
      headingId="funding-proof"
      title={LABEL}
      noun="proof"
      file={file}
      show={(blob) => <Shown blob={blob} />}
    />
  );
}
