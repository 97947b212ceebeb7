import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Loading } from '../../../components/ui/QueryStatus';
import { errorMessage } from '../../../lib/api';
import { panelClass } from './panel';

/** A link to a blob already fetched: no second fetch, so no second view in the audit log. */
export function useObjectUrlHref(blob: Blob) {
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

/**
 * A file staff look at (a customer's proof, a proposal's evidence), fetched once (each fetch is
 * audited) and shown from memory: its panel with loading, error and retry around `show`.
 */
export function FetchedFilePanel({
  headingId,
  title,
  noun,
  file,
  show,
}: {
  headingId: string;
  title: string;
  /** "proof", "evidence": in "Loading the proof…". */
  noun: string;
  file: UseQueryResult<Blob>;
  show: (blob: Blob) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={`flex flex-col gap-3 ${panelClass}`}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {file.isPending ? (
        <Loading label={`Loading the ${noun}…`} />
      ) : file.isError ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            The {noun} could not be loaded. {errorMessage(file.error, '')}
          </p>
          <Button
            variant="secondary"
            className="self-start"
            loading={file.isFetching}
            onClick={() => void file.refetch()}
          >
            Load the {noun} again
          </Button>
        </div>
      ) : (
        show(file.data)
      )}
    </section>
  );
}
