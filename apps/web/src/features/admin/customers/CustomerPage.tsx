import type { StaffCustomer } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ReviewFrame } from '../shared/ReviewFrame';
import type { DecisionOutcome } from '../shared/outcome';
import { CustomerActions } from './actions/CustomerActions';
import { customerQueries } from './api';
import { CustomerHeader } from './CustomerHeader';
import { SectionNav, sectionOf } from './sections';
import { AuditSection } from './sections/AuditSection';
import { FixedDepositsSection } from './sections/FixedDepositsSection';
import { FundingSection } from './sections/FundingSection';
import { IdentitySection } from './sections/IdentitySection';
import { LedgerSection } from './sections/LedgerSection';
import { NotesSection } from './sections/NotesSection';
import { NotificationsSection } from './sections/NotificationsSection';
import { OverviewSection } from './sections/OverviewSection';
import { SessionsSection } from './sections/SessionsSection';
import { TransfersSection } from './sections/TransfersSection';

/**
 * `/admin/customers/:id[/:section]`: the customer's header (who, account, standing, balance),
 * the actions on them, and one section at a time, each with its own address.
 */
export function CustomerPage() {
  const { id = '', section: path = '' } = useParams();
  const customer = useQuery(customerQueries.customer(id));
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);
  return (
    <ReviewFrame
      back={{ to: '/admin/customers', label: 'Customers' }}
      outcome={outcome}
      noun="customer"
      query={customer}
      loadingLabel="Loading the customer…"
      notFoundTitle="Customer not found"
      notFoundText="There is no customer with this number. Search for them by name, email, phone or account number."
    >
      {(c) => (
        <>
          <CustomerHeader customer={c} />
          <CustomerActions customer={c} onDone={(text) => setOutcome({ kind: 'decided', text })} />
          <SectionNav customerId={c.id} current={path} />
          <Section customer={c} path={path} />
        </>
      )}
    </ReviewFrame>
  );
}

function Section({ customer, path }: { customer: StaffCustomer; path: string }) {
  const section = sectionOf(path);
  switch (section?.path) {
    case '':
      return <OverviewSection customer={customer} />;
    case 'identity':
      return <IdentitySection customer={customer} />;
    case 'ledger':
      return <LedgerSection customer={customer} />;
    case 'funding':
      return <FundingSection customerId={customer.id} />;
    case 'transfers':
      return <TransfersSection customerId={customer.id} />;
    case 'fixed-deposits':
      return <FixedDepositsSection customerId={customer.id} />;
    case 'sessions':
      return <SessionsSection customerId={customer.id} />;
    case 'notifications':
      return <NotificationsSection customerId={customer.id} />;
    case 'notes':
      return <NotesSection customerId={customer.id} />;
    case 'audit':
      return <AuditSection customerId={customer.id} />;
    default:
      return (
        <p className="text-slate-700 dark:text-slate-300">
          There is no such section. Choose one of the sections above.
        </p>
      );
  }
}
