import type { KycQueueItem } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { countryName } from '../../../lib/countries';
import { queries } from '../../../lib/queries';
import { ItemLink, mutedClass, When } from '../shared/cells';
import { QueuePage } from '../shared/QueuePage';
import { QueueTable } from '../shared/QueueTable';

const CAPTION = 'Identity checks waiting, oldest first';

function ReviewLink({ item }: { item: KycQueueItem }) {
  return (
    <ItemLink to={`/admin/kyc/${item.id}`}>
      {item.firstName} {item.lastName}
    </ItemLink>
  );
}

function Email({ item }: { item: KycQueueItem }) {
  return <span className={`block text-sm break-all ${mutedClass}`}>{item.email}</span>;
}

/** Identity checks waiting for a decision, oldest first. */
export function KycQueuePage() {
  const queue = useQuery(queries.staffKycQueue());
  return (
    <QueuePage
      title="Identity checks"
      intro="Submissions waiting for review, oldest first."
      query={queue}
      loadingLabel="Loading the queue…"
      empty="No identity checks are waiting."
      summary={(count) => (count === 1 ? '1 waiting' : `${count} waiting`)}
    >
      {(items) => (
        <QueueTable
          items={items}
          caption={CAPTION}
          rowKey={(item) => item.id}
          columns={[
            {
              header: 'Customer',
              cell: (item) => (
                <>
                  <ReviewLink item={item} />
                  <Email item={item} />
                </>
              ),
            },
            { header: 'Document', cell: (item) => item.documentType },
            { header: 'Country', cell: (item) => countryName(item.country) },
            { header: 'Submitted', nowrap: true, cell: (item) => <When iso={item.submittedAt} /> },
          ]}
          card={(item) => ({
            link: <ReviewLink item={item} />,
            who: <Email item={item} />,
            details: [
              ['Submitted', <When iso={item.submittedAt} />],
              ['Document', item.documentType],
              ['Country', countryName(item.country)],
            ],
          })}
        />
      )}
    </QueuePage>
  );
}
