import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Loading } from '../../../components/ui/QueryStatus';
import { useObjectUrlSrc } from '../../../hooks/useObjectUrlSrc';
import { errorMessage } from '../../../lib/api';
import { linkClass } from '../shared/cells';
import { panelClass } from '../shared/panel';
import { evidenceQuery } from './api';

const LABEL = 'Evidence';

/** A link to the blob already fetched: no second fetch, so no second view in the audit log. */
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
  const evidence = useQuery(evidenceQuery(approvalId));
  return (
    <section aria-labelledby="approval-evidence" className={`flex flex-col gap-3 ${panelClass}`}>
      <h2 id="approval-evidence" className="text-lg font-semibold">
        {LABEL}
      </h2>
      {evidence.isPending ? (
        <Loading label="Loading the evidence…" />
      ) : evidence.isError ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            The evidence could not be loaded. {errorMessage(evidence.error, '')}
          </p>
          <Button
            variant="secondary"
            className="self-start"
            loading={evidence.isFetching}
            onClick={() => void evidence.refetch()}
          >
            Load the evidence again
          </Button>
        </div>
      ) : (
        <Shown blob={evidence.data} />
      )}
    </section>
  );
}
