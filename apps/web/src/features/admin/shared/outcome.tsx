import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { ApiError } from '../../../lib/api';
import { linkClass } from './cells';
import { proposalHref } from './second-person';

/** A refusal by the item's state: most often, a colleague decided it first. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** What came of a decision on a review page. */
export type DecisionOutcome =
  | { kind: 'decided'; text: string }
  /** Sent for approval (202): it waits for a second person, under this proposal. */
  | { kind: 'proposed'; text: string; approvalId: string }
  /** A refusal with 409: the server's words, until the item read again shows the decision. */
  | { kind: 'conflict'; detail: string };

/** A review page's outcome, and the two ways a decision sets it. */
export function useDecisionOutcome() {
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);
  return {
    outcome,
    onDecided: (text: string) => setOutcome({ kind: 'decided', text }),
    onConflict: (detail: string) => setOutcome({ kind: 'conflict', detail }),
    onProposed: (text: string, approvalId: string) =>
      setOutcome({ kind: 'proposed', text, approvalId }),
  };
}

/** How an item read again after a 409 was decided: "marked failed", by whom. */
export interface DecidedMeanwhile {
  as: string;
  by: string | null;
}

/**
 * The outcome above the item. A 409 reads as "someone else decided" once the item, read again,
 * shows that decision (`meanwhile`); until then, the server's words.
 */
export function OutcomeBanner({
  outcome,
  noun,
  meanwhile,
}: {
  outcome: DecisionOutcome;
  /** What the page decides on: "request", "transfer". */
  noun: string;
  meanwhile: DecidedMeanwhile | null;
}) {
  if (outcome.kind === 'decided') return <Banner tone="success">{outcome.text}</Banner>;
  if (outcome.kind === 'proposed') {
    return (
      <Banner tone="info">
        <strong>Waiting for a second person.</strong> {outcome.text}{' '}
        <Link to={proposalHref(outcome.approvalId)} className={linkClass}>
          Open proposal {outcome.approvalId}
        </Link>
      </Banner>
    );
  }
  if (!meanwhile) return <Banner tone="error">{outcome.detail}</Banner>;
  const by = meanwhile.by ? ` by ${meanwhile.by}` : '';
  return (
    <Banner tone="warning">
      Someone else decided this {noun} first: it was {meanwhile.as}
      {by}. Your decision was not applied; the {noun} below is as it stands now.
    </Banner>
  );
}
