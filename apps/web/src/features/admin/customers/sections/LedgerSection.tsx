import type { CustomerLedgerPage, StaffCustomer, Transaction } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { money } from '../../../../components/funding/format';
import { SelectField } from '../../../../components/ui/SelectField';
import { TransactionStatus } from '../../../../components/ui/TransactionStatus';
import { When } from '../../shared/cells';
import { QueueTable, type QueueColumn } from '../../shared/QueueTable';
import { customerQueries } from '../api';
import { ACCOUNT_KIND } from '../labels';
import { PagedList } from '../PagedList';
import { SectionFrame } from './SectionFrame';

const signed = (t: Transaction) =>
  `${t.transactionType === 'credit' ? '+' : '−'}${money(t.amount, t.currency)}`;

const COLUMNS: QueueColumn<Transaction>[] = [
  { header: 'Date', cell: (t) => <When iso={t.date} /> },
  { header: 'Description', cell: (t) => t.name },
  { header: 'Status', cell: (t) => <TransactionStatus status={t.status} /> },
  { header: 'Amount', amount: true, cell: signed },
  { header: 'Balance after', amount: true, cell: (t) => money(t.balanceAfter, t.currency) },
];

/** One account's ledger lines, newest first, a page at a time; the account in the address. */
export function LedgerSection({ customer }: { customer: StaffCustomer }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('account');
  const account =
    customer.accounts.find((a) => a.id === chosen) ??
    customer.accounts.find((a) => a.kind === 'customer_current');
  const lines = useInfiniteQuery({
    ...customerQueries.ledger(customer.id, account?.id ?? null),
    enabled: account !== undefined,
  });
  return (
    <SectionFrame title="Ledger" intro="Every posting on the account, newest first: read only.">
      {!account ? (
        <p>No account yet: the current account opens when the identity check is approved.</p>
      ) : (
        <>
          {customer.accounts.length > 1 && (
            <div className="max-w-md">
              <SelectField
                label="Account"
                value={account.id}
                onChange={(e) => setParams({ account: e.target.value }, { replace: true })}
              >
                {customer.accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {`${ACCOUNT_KIND[a.kind]} ${a.accountNumber}`}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <PagedList<CustomerLedgerPage, Transaction>
            query={lines}
            loadingLabel="Loading the ledger…"
            empty="Nothing posted on this account yet."
          >
            {(items) => (
              <QueueTable
                items={items}
                caption={`Ledger of ${ACCOUNT_KIND[account.kind].toLowerCase()} ${account.accountNumber}`}
                rowKey={(t) => t.id}
                columns={COLUMNS}
                card={(t) => ({
                  link: <span className="font-semibold">{t.name}</span>,
                  aside: signed(t),
                  details: [
                    ['Date', <When iso={t.date} />],
                    ['Status', <TransactionStatus status={t.status} />],
                    ['Balance after', money(t.balanceAfter, t.currency)],
                  ],
                })}
              />
            )}
          </PagedList>
        </>
      )}
    </SectionFrame>
  );
}
