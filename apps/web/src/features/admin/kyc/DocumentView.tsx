import type { KycSubmission } from '@bank/contract';
import { useState } from 'react';
import { documentUrl } from './api';
import { formatBytes } from '../../../lib/format';
import { linkClass } from '../shared/cells';

type Document = KycSubmission['documents'][number];

export const DOCUMENT_LABELS: Record<Document['role'], string> = {
  photo: 'Photo of the customer',
  id_front: 'ID front',
  id_back: 'ID back',
};

/**
 * One document as stored (images re-encoded on intake). Images show inline; a PDF is offered as
 * a download, since the server sandboxes every document and browsers will not run their PDF
 * viewer in a sandbox. Each fetch is audited by the server.
 */
export function DocumentView({
  submissionId,
  document,
}: {
  submissionId: string;
  document: Document;
}) {
  const [failed, setFailed] = useState(false);
  const url = documentUrl(submissionId, document.role);
  const label = DOCUMENT_LABELS[document.role];
  const isImage = document.mime.startsWith('image/');
  return (
    <figure className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      {isImage && !failed && (
        <img
          src={url}
          alt={label}
          onError={() => setFailed(true)}
          className="max-h-80 w-full rounded bg-slate-100 object-contain dark:bg-slate-800"
        />
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          This document could not be loaded.
        </p>
      )}
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{label}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {isImage ? document.mime.replace('image/', '').toUpperCase() : 'PDF'},{' '}
          {formatBytes(document.bytes)}
        </span>
        {isImage ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open full size, ${label} (new tab)`}
            className={linkClass}
          >
            Open full size
          </a>
        ) : (
          <a href={url} download aria-label={`Download PDF, ${label}`} className={linkClass}>
            Download PDF
          </a>
        )}
      </figcaption>
    </figure>
  );
}
