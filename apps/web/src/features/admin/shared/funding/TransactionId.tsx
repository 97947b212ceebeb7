import type { StaffFundingItem } from '@bank/contract';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { CopyButton } from '../../../../components/ui/CopyButton';
import { Toast, useToast } from '../../../../components/ui/Toast';
import { linkClass } from '../cells';

const flagClass = 'font-semibold text-red-800 dark:text-red-200';

/** Links to the other requests, "request 9, request 12". */
function Others({ ids }: { ids: readonly string[] }) {
  return ids.map((id, i) => (
    <span key={id}>
      {i > 0 && ', '}
      <Link to={`/admin/funding/${encodeURIComponent(id)}`} className={linkClass}>
        request {id}
      </Link>
    </span>
  ));
}

/**
 * The flag of a transaction id given on other requests too (a payment claimed twice?), with
 * links to them: a sentence on a request's page, a short line in a queue's row.
 */
export function SameTransactionId({
  ids,
  compact = false,
}: {
  ids: readonly string[];
  compact?: boolean;
}) {
  if (ids.length === 0) return null;
  if (compact) {
    const shown = ids.slice(0, 2);
    return (
      <span className={`mt-1 flex items-start gap-1 text-xs ${flagClass}`}>
        <TriangleAlert aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0" />
        <span>
          Same id as <Others ids={shown} />
          {ids.length > shown.length && ` and ${ids.length - shown.length} more`}
        </span>
      </span>
    );
  }
  return (
    <p className={`text-sm ${flagClass}`}>
      Also given on <Others ids={ids} />: check it is not one payment claimed twice.
    </p>
  );
}

/** The transaction id the customer gave, whole, with a copy button, and where else it was given. */
export function TransactionId({
  request: r,
}: {
  request: Pick<StaffFundingItem, 'transactionId' | 'sameTransactionIdOn'>;
}) {
  const { toast, show } = useToast();
  if (!r.transactionId) return null;
  return (
    <div className="flex flex-col gap-1">
      <span className="font-mono text-sm break-all">{r.transactionId}</span>
      <div>
        <CopyButton
          text={r.transactionId}
          label="Copy the transaction id"
          onResult={(ok) =>
            show(
              ok
                ? { text: 'Copied to clipboard', tone: 'success' }
                : { text: 'Could not copy', tone: 'error' },
            )
          }
        />
      </div>
      <Toast toast={toast} />
      <SameTransactionId ids={r.sameTransactionIdOn} />
    </div>
  );
}
