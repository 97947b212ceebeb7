import { formatMoney, type OpenProposal } from '@bank/contract';
import { Link } from 'react-router';
import { linkClass, When } from './cells';

/** Where a proposal is approved or rejected (the approvals inbox). */
export const proposalHref = (id: string) => `/admin/approvals/${encodeURIComponent(id)}`;

/**
 * An item whose decision waits for a second person (decision 21): who proposed it, when, what
 * approving does, and the link to the proposal. Nobody decides it directly meanwhile.
 */
export function WaitingForSecondPerson({ proposal }: { proposal: OpenProposal }) {
  return (
    <section
      aria-labelledby="waiting-second-person"
      className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="waiting-second-person" className="text-base font-semibold">
        Waiting for a second person
      </h2>
      <p className="mt-1">
        {proposal.summary}. Proposed by {proposal.proposedBy} on <When iso={proposal.proposedAt} />.
        Another staff member with the same permission approves or rejects it under Approvals; until
        then nobody decides it here, and the customer sees it pending.
      </p>
      <p className="mt-2">
        <Link to={proposalHref(proposal.id)} className={linkClass}>
          Open proposal {proposal.id}
        </Link>
      </p>
    </section>
  );
}

/** The status cell of a queue row waiting for a second person: the words and the link. */
export function WaitingCell({ proposal }: { proposal: OpenProposal }) {
  return (
    <Link to={proposalHref(proposal.id)} className={linkClass}>
      Waiting for a second person
    </Link>
  );
}

/** The rule, said before the decision: from which amount a second person is needed. */
export function dualControlRule(threshold: string, currency: string, what: string): string {
  return `${what} of ${formatMoney(BigInt(threshold), currency)} or more need a second person: it is sent for approval, and nothing moves until another staff member approves it.`;
}
