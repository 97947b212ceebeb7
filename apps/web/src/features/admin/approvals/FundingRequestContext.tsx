import type { Approval } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { queries } from '../../../lib/queries';
import { DetailSection } from '../shared/DetailRows';
import { RequestDetails } from '../shared/funding/RequestDetails';

const TITLE = 'The customer’s request';

/** The funding request a proposal would confirm (kind funding.confirm), or null. */
export function fundingRequestOf(a: Approval): string | null {
  return a.subject?.type === 'funding_request' ? a.subject.id : null;
}

/**
 * What a second person needs to approve a funding confirmation, read as the funding queue reads
 * it (the same request and proof, behind the same permission, funding.review): the coin and the
 * rate the customer was told, the claim against the amount to confirm, the transaction id the
 * customer gave and the other requests that gave it too.
 */
export function FundingRequestSection({
  requestId,
  approval: a,
  mayRead,
}: {
  requestId: string;
  approval: Approval;
  /** Whether the viewer holds funding.review (the server checks it again). */
  mayRead: boolean;
}) {
  const request = useQuery({ ...queries.staffFundingRequest(requestId), enabled: mayRead });
  if (!mayRead) {
    return (
      <DetailSection
        title={TITLE}
        rows={[
          [
            'Not shown',
            'Your roles do not include reviewing funding requests, so the request, its proof and its transaction id are not shown here.',
          ],
        ]}
      />
    );
  }
  if (request.isError) {
    return (
      <section className="flex flex-col gap-2" aria-label={TITLE}>
        <h2 className="text-lg font-semibold">{TITLE}</h2>
        <LoadFailed
          error={request.error}
          retrying={request.isFetching}
          onRetry={() => void request.refetch()}
        />
      </section>
    );
  }
  if (!request.data) return <Loading label="Loading the funding request…" />;
  return (
    <RequestDetails
      request={request.data}
      title={TITLE}
      toConfirm={a.status === 'pending' ? (a.amount ?? undefined) : undefined}
    />
  );
}
