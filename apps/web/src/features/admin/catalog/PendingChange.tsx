import type { PendingCatalogChange } from '@bank/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { linkClass, When } from '../shared/cells';

/**
 * A catalog change waiting for a second person (decision 21): what approving it does, line by
 * line ("before → after"), who proposed it and a link to the proposal under Approvals.
 * Customers still see the entry as it is until it is approved.
 */
export function PendingChange({
  change,
  level = 3,
}: {
  change: PendingCatalogChange;
  /** Its heading's level where it sits (2 right under the page's title, 3 in a section). */
  level?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400 dark:bg-slate-900 dark:text-amber-50"
    >
      <Heading id={headingId} className="font-semibold">
        Change waiting for a second person
      </Heading>
      <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {change.details.map((line) => (
          <div key={line.label} className="contents">
            <dt className="font-semibold">{line.label}</dt>
            <dd className="mb-1 wrap-anywhere sm:mb-0">{line.value}</dd>
          </div>
        ))}
      </dl>
      <p>
        Proposed by {change.mine ? 'you' : change.proposedBy} on <When iso={change.proposedAt} />;
        it expires on <When iso={change.expiresAt} /> unless approved.{' '}
        {change.mine
          ? 'Another staff member with catalog permission must approve it.'
          : 'You may approve or reject it.'}{' '}
        Customers see the current values until then.
      </p>
      <p>
        <Link
          to={`/admin/approvals/${change.approvalId}`}
          className={linkClass}
          aria-label={`Open the proposal: ${change.summary}`}
        >
          Open the proposal
        </Link>
      </p>
    </section>
  );
}

/** The message after a change that now waits for a second person. */
export const SENT_FOR_APPROVAL = (what: string) =>
  `Sent for approval: ${what} changes for customers once another staff member approves it.`;

/** Whether a write's answer is a proposal rather than the entry. */
export const isProposal = (answer: unknown): answer is { approvalId: string; message: string } =>
  typeof answer === 'object' && answer !== null && 'approvalId' in answer;
