import { auditedFileQuery } from '../file-query';

/** A funding request's address under the staff API (funding.review). */
export function fundingRequestPath(id: string): string {
  return `/api/v1/staff/funding/requests/${encodeURIComponent(id)}`;
}

/**
 * The proof of payment as the server re-encoded it, fetched once as a blob (every fetch is
 * audited). Outside queryKeys.staffFunding on purpose: a decision reloads the request, not the
 * proof. Read by the request's page and by a proposal to confirm it (Approvals).
 */
export const fundingProofQuery = (id: string) =>
  auditedFileQuery(['staff', 'funding-proof', id], `${fundingRequestPath(id)}/proof`);
