import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useObjectUrlSrc } from '../../../hooks/useObjectUrlSrc';
import { linkClass } from '../shared/cells';
import { FetchedFilePanel, useObjectUrlHref } from '../shared/FetchedFile';
import { evidenceQuery } from './api';

const LABEL = 'Evidence';

function Picture({ blob }: { blob: Blob }) {
  const src = useObjectUrlSrc(blob);
  const [unreadable, setUnreadable] = useState(false);
  if (unreadable) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        The evidence arrived but cannot be shown as an image.
      </p>
    );
  }
  return (
    <img
      ref={src}
      alt="Evidence attached to the proposal"
      onError={() => setUnreadable(true)}
      className="max-h-96 w-full rounded bg-slate-100 object-contain dark:bg-slate-800"
    />
  );
}

function Shown({ blob }: { blob: Blob }) {
  const href = useObjectUrlHref(blob);
  const pdf = blob.type === 'application/pdf';
  return (
    <>
      {pdf ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          A PDF document. Open it to read it.
        </p>
      ) : (
        <Picture blob={blob} />
      )}
      <a
        ref={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${pdf ? 'Open the PDF' : 'Open full size'}, evidence (new tab)`}
        className={`self-start text-sm ${linkClass}`}
      >
        {pdf ? 'Open the PDF' : 'Open full size'}
      </a>
    </>
  );
}

/** The proposer's evidence, fetched once (each fetch is audited) and shown from memory. */
export function EvidenceView({ approvalId }: { approvalId: string }) {
  const file = useQuery(evidenceQuery(approvalId));
  return (
    <FetchedFilePanel
      headingId="approval-evidence"
      title={LABEL}
      noun="evidence"
      file={file}
      show={(blob) => <Shown blob={blob} />}
    />
  );
}
