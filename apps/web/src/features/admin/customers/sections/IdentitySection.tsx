import type { CustomerIdentityCheck, StaffCustomer } from '@bank/contract';
import { countryName } from '../../../../lib/countries';
import { Missing, When } from '../../shared/cells';
import { DetailRows, type DetailRow } from '../../shared/DetailRows';
import { DocumentView } from '../../shared/DocumentView';
import { StatusBadge } from '../../shared/StatusBadge';
import { panelClass } from '../../shared/panel';
import { SectionFrame } from './SectionFrame';

const STATUS = {
  pending: { label: 'Waiting for review', tone: 'waiting' },
  approved: { label: 'Approved', tone: 'done' },
  declined: { label: 'Declined', tone: 'refused' },
} as const;

function Check({ check, index }: { check: CustomerIdentityCheck; index: number }) {
  const status = STATUS[check.status];
  return (
    <article className={`flex flex-col gap-3 ${panelClass}`} aria-label={`Identity check ${index}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-semibold">
          {check.documentType}, sent <When iso={check.submittedAt} />
        </h3>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </div>
      <DetailRows
        rows={[
          ['Country', countryName(check.country)],
          ['Phone', check.phone],
          ['Home address', check.homeAddress],
          [
            'Reviewed',
            check.reviewedAt ? (
              <>
                <When iso={check.reviewedAt} /> by {check.reviewedBy ?? 'someone not recorded'}
              </>
            ) : (
              <Missing said="Not reviewed yet" />
            ),
          ],
          ...(check.declineReason ? [['Reason given', check.declineReason] as DetailRow] : []),
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {check.documents.map((document) => (
          <DocumentView key={document.role} submissionId={check.id} document={document} />
        ))}
      </div>
    </article>
  );
}

/** Every identity check the customer sent, newest first, with its documents and its review. */
export function IdentitySection({ customer }: { customer: StaffCustomer }) {
  const checks = customer.identityChecks;
  return (
    <SectionFrame
      title="Identity checks"
      intro="Each document you open is recorded in the audit log."
    >
      {checks.length === 0 ? (
        <p className={panelClass}>
          No identity check yet: the customer has not sent their documents.
        </p>
      ) : (
        checks.map((check, index) => (
          <Check key={check.id} check={check} index={checks.length - index} />
        ))
      )}
    </SectionFrame>
  );
}
