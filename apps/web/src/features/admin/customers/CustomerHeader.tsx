import { personName } from '@bank/contract';
import type { StaffCustomer } from '@bank/contract';
import { money } from '../../../components/funding/format';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Email, mutedClass } from '../shared/cells';
import { panelClass } from '../shared/panel';
import { StandingBadges } from './StandingBadges';

/** Who the customer is and where they stand: name, account number, badges, balance. */
export function CustomerHeader({ customer: c }: { customer: StaffCustomer }) {
  const name = personName(c);
  const current = c.accounts.find((a) => a.kind === 'customer_current');
  return (
    <div
      className={`flex flex-col gap-3 md:flex-row md:items-start md:justify-between ${panelClass}`}
    >
      <div className="flex min-w-0 flex-col gap-2">
        <PageHeading title={`${name} · Customers`}>{name}</PageHeading>
        <p className={`text-sm break-words ${mutedClass}`}>
          <Email email={c.email} /> · @{c.username}
        </p>
        <StandingBadges
          kycStatus={c.kycStatus}
          freeze={c.freeze?.scope ?? null}
          restricted={c.restriction !== null}
          pinPaused={c.pin.pausedUntil !== null}
        />
      </div>
      <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 md:text-right">
        <dt className={mutedClass}>Account number</dt>
        <dd className="flex items-center gap-2 font-mono md:justify-end">
          {current ? current.accountNumber : <span className={mutedClass}>Not open yet</span>}
        </dd>
        <dt className={mutedClass}>Balance</dt>
        <dd className="text-xl font-bold">
          {current ? (
            money(current.balance, current.currency)
          ) : (
            <span className={mutedClass}>—</span>
          )}
        </dd>
      </dl>
    </div>
  );
}
