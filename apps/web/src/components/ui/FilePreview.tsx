import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useObjectUrlSrc } from '../../hooks/useObjectUrlSrc';
import { formatBytes } from '../../lib/format';

function Thumbnail({ file, alt, onFailed }: { file: File; alt: string; onFailed: () => void }) {
  const src = useObjectUrlSrc(file);
  return (
    <img
      ref={src}
      alt={alt}
      onError={onFailed}
      className="h-20 w-20 shrink-0 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    />
  );
}

/**
 * The chosen file, as its owner will recognise it: a thumbnail for a picture, an icon for
 * anything else (a PDF), with the name and size. `id` names the text, which the file input
 * reads out as its description.
 */
export function FilePreview({ file, label, id }: { file: File; label: string; id: string }) {
  const [unreadable, setUnreadable] = useState<File | null>(null);
  const picture = file.type.startsWith('image/') && unreadable !== file;
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-800/60">
      {picture ? (
        <Thumbnail file={file} alt={`Preview of ${label}`} onFailed={() => setUnreadable(file)} />
      ) : (
        <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-md bg-white text-brand-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-brand-50 dark:ring-slate-700">
          <FileText aria-hidden="true" className="h-8 w-8" />
        </span>
      )}
      <p id={id} className="min-w-0 text-sm">
        <span className="sr-only">Chosen: </span>
        <span className="block font-medium break-all text-slate-900 dark:text-slate-100">
          {file.name}
        </span>
        <span className="text-slate-600 dark:text-slate-400">{formatBytes(file.size)}</span>
      </p>
    </div>
  );
}
