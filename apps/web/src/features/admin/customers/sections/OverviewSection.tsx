import {
  FREEZE_REASON_LABELS,
  GENDER_LABELS,
  MARITAL_STATUS_LABELS,
  type StaffCustomer,
  personName,
} from '@bank/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { money } from '../../../../components/funding/format';
import { countryName } from '../../../../lib/countries';
import { linkClass, Missing, When } from '../../shared/cells';
import { DetailSection, type DetailRow } from '../../shared/DetailRows';
import { QueueTable } from '../../shared/QueueTable';
import { ACCOUNT_KIND, FREEZE_BLOCKS } from '../labels';
import { sectionHref } from '../sections';
import { SectionFrame } from './SectionFrame';

const or = (value: string | null, said = 'Not given') => value ?? <Missing said={said} />;

const CALLOUT = {
  warning:
    'border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-brand-700 bg-brand-50 text-slate-900 dark:border-brand-600 dark:bg-slate-900 dark:text-slate-100',
};

/** A standing fact on the page (not news: it neither interrupts nor takes the focus). */
function Callout({ tone, children }: { tone: keyof typeof CALLOUT; children: ReactNode }) {
  return (
    <div className={`rounded-lg border-l-4 px-4 py-3 text-sm ${CALLOUT[tone]}`}>{children}</div>
  );
}

/** What stands in the customer's way now: a restriction notice, a freeze, a paused PIN. */
function Standing({ customer: c }: { customer: StaffCustomer }) {
  if (!c.restriction && !c.freeze && !c.pin.pausedUntil) return null;
  return (
    <div className="flex flex-col gap-3">
      {c.restriction && (
        <Callout tone="warning">
          <strong>Restriction notice: the customer cannot sign in.</strong> They read “
          {c.restriction.head}: {c.restriction.body}”. Reason:{' '}
          {c.restriction.reason ?? 'not recorded'}. Set by{' '}
          {c.restriction.setBy ?? 'someone not recorded'}, <When iso={c.restriction.setAt} />.
        </Callout>
      )}
      {c.freeze && (
        <Callout tone="warning">
          <strong>Frozen: {FREEZE_REASON_LABELS[c.freeze.reasonCode]}.</strong>{' '}
          {FREEZE_BLOCKS[c.freeze.scope]} Note: {c.freeze.note}. Frozen by{' '}
          {c.freeze.frozenBy ?? 'someone not recorded'}, <When iso={c.freeze.frozenAt} />.
        </Callout>
      )}
      {c.pin.pausedUntil && (
        <Callout tone="info">
          PIN use is paused after wrong PINs until <When iso={c.pin.pausedUntil} />.
        </Callout>
      )}
    </div>
  );
}

function profileRows(c: StaffCustomer): DetailRow[] {
  const p = c.profile;
  return [
    ['Name', personName(c)],
    ['Username', c.username],
    ['Email', `${c.email}${c.emailVerified ? ' (verified)' : ' (not verified)'}`],
    ['Phone', or(p.phone)],
    ['Date of birth', or(p.dateOfBirth)],
    ['Gender', p.gender ? GENDER_LABELS[p.gender] : or(null)],
    ['Marital status', p.maritalStatus ? MARITAL_STATUS_LABELS[p.maritalStatus] : or(null)],
    ['Country', p.country ? countryName(p.country) : or(null)],
    ['Home address', or(p.homeAddress)],
    ['Next of kin', p.nextOfKinOnFile ? 'On file (kept sealed)' : 'None on file'],
    ['Plan', p.plan],
    ['Customer since', <When iso={c.createdAt} />],
  ];
}

type Account = StaffCustomer['accounts'][number];

/** The overview: standing, profile, and every account with its balance. */
export function OverviewSection({ customer: c }: { customer: StaffCustomer }) {
  const ledgerLink = (a: Account) => (
    <Link to={`${sectionHref(c.id, 'ledger')}?account=${a.id}`} className={linkClass}>
      {a.accountNumber}
      <span className="sr-only">: ledger of the {ACCOUNT_KIND[a.kind].toLowerCase()}</span>
    </Link>
  );
  return (
    <div className="flex flex-col gap-6">
      <Standing customer={c} />
      <DetailSection title="Profile" rows={profileRows(c)} />
      <SectionFrame title="Accounts and balances" intro="Each account's number opens its ledger.">
        {c.accounts.length === 0 ? (
          <p>No account yet: the current account opens when the identity check is approved.</p>
        ) : (
          <QueueTable
            items={c.accounts}
            caption="Accounts and balances"
            rowKey={(a) => a.id}
            columns={[
              { header: 'Account', nowrap: true, cell: ledgerLink },
              { header: 'Kind', cell: (a) => ACCOUNT_KIND[a.kind] },
              { header: 'Name', cell: (a) => a.name },
              { header: 'Money in', amount: true, cell: (a) => money(a.totalCredit, a.currency) },
              { header: 'Money out', amount: true, cell: (a) => money(a.totalDebit, a.currency) },
              { header: 'Balance', amount: true, cell: (a) => money(a.balance, a.currency) },
            ]}
            card={(a) => ({
              link: ledgerLink(a),
              aside: (
                <>
                  <span className="sr-only">Balance </span>
                  {money(a.balance, a.currency)}
                </>
              ),
              details: [
                ['Kind', ACCOUNT_KIND[a.kind]],
                ['Money in', money(a.totalCredit, a.currency)],
                ['Money out', money(a.totalDebit, a.currency)],
              ],
            })}
          />
        )}
      </SectionFrame>
    </div>
  );
}
