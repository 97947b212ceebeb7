import type { Overview, OverviewQueue } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import {
  BanknoteArrowDown,
  CircleCheck,
  CircleAlert,
  ScanFace,
  SendHorizontal,
  Stamp,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { bookAmount } from '../shared/amounts';
import { linkClass, mutedClass } from '../shared/cells';
import { CheckVerdict, utcTime } from '../shared/CheckVerdict';
import { panelClass } from '../shared/panel';
import { holds, useStaffMember } from '../shared/staff-member';
import { waitedFor } from './age';
import { overviewQuery } from './api';
import { SetupChecklist } from './SetupChecklist';

/** Where each queue is worked, and its mark. */
const QUEUES: Record<OverviewQueue, { href: string; icon: LucideIcon }> = {
  kyc: { href: '/admin/kyc', icon: ScanFace },
  funding: { href: '/admin/funding', icon: BanknoteArrowDown },
  transfers: { href: '/admin/transfers', icon: SendHorizontal },
  approvals: { href: '/admin/approvals', icon: Stamp },
};

/** Past a day, the oldest item is called out. */
const LONG_WAIT_SECONDS = 24 * 3600;

function QueueCard({ queue }: { queue: Overview['queues'][number] }) {
  const { href, icon: Icon } = QUEUES[queue.queue];
  const age = queue.oldestAgeSeconds === null ? null : waitedFor(queue.oldestAgeSeconds);
  const late = (queue.oldestAgeSeconds ?? 0) >= LONG_WAIT_SECONDS;
  return (
    <li className={`${panelClass} flex flex-col gap-2`}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-50" />
        <Link to={href} className={linkClass}>
          {queue.label}
        </Link>
      </h3>
      <p>
        <span className="text-3xl font-bold tabular-nums">{queue.count}</span>{' '}
        <span className={mutedClass}>waiting</span>
      </p>
      {age ? (
        <p
          className={
            late
              ? 'font-semibold text-amber-800 dark:text-amber-300'
              : 'text-slate-700 dark:text-slate-300'
          }
        >
          Oldest waiting <span aria-hidden="true">{age.short}</span>
          <span className="sr-only">{age.words}</span>
          {late && <span> (over a day)</span>}
        </p>
      ) : (
        <p className={mutedClass}>Nothing waiting</p>
      )}
    </li>
  );
}

function LedgerHealth({ ledger }: { ledger: Overview['ledger'] }) {
  const me = useStaffMember();
  const check = ledger.lastCheck;
  return (
    <section aria-labelledby="ledger-health" className={`${panelClass} flex flex-col gap-3`}>
      <h2 id="ledger-health" className="text-lg font-semibold">
        Ledger health
      </h2>
      <CheckVerdict
        check={check && { at: check.at, ok: check.ok, violations: check.violations }}
        stale={ledger.stale}
      />
      {ledger.totals.length === 0 ? (
        <p className={mutedClass}>The ledger holds no accounts yet.</p>
      ) : (
        <div>
          <h3 className="text-sm font-semibold">Trial balance now</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {ledger.totals.map((total) => (
              <li key={total.currency} className="flex items-center gap-2">
                {total.zero ? (
                  <CircleCheck
                    aria-hidden="true"
                    className="h-4 w-4 text-green-700 dark:text-green-400"
                  />
                ) : (
                  <CircleAlert
                    aria-hidden="true"
                    className="h-4 w-4 text-red-700 dark:text-red-400"
                  />
                )}
                <span>
                  {total.currency} accounts sum to{' '}
                  <span className="font-semibold tabular-nums">{bookAmount(total.balance)}</span>
                  {total.zero ? ': balanced' : ': not zero, out of balance'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {holds(me, 'ledger.trial_balance') && (
        <p>
          <Link to="/admin/trial-balance" className={linkClass}>
            Open the trial balance
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * `/admin`, the back office's landing page: what is left of setting up the bank (while anything
 * is), each queue the staff member may work with how many wait and for how long the oldest has,
 * then the ledger's health. Read again every minute.
 */
export function OverviewPage() {
  const overview = useQuery(overviewQuery());
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeading title="Overview" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          What waits for you, and whether the books balance.
        </p>
      </div>
      {overview.isPending ? (
        <Loading label="Loading the overview…" />
      ) : overview.isError ? (
        <LoadFailed
          error={overview.error}
          retrying={overview.isFetching}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <SetupChecklist steps={overview.data.setup} />
          <section aria-labelledby="queues" className="flex flex-col gap-3">
            <h2 id="queues" className="text-lg font-semibold">
              Queues
            </h2>
            {overview.data.queues.length === 0 ? (
              <p className={panelClass}>
                No queue is open to your role. The menu lists the areas you can use.
              </p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
                {overview.data.queues.map((queue) => (
                  <QueueCard key={queue.queue} queue={queue} />
                ))}
              </ul>
            )}
            <p className={`text-sm ${mutedClass}`}>
              Counted at <time dateTime={overview.data.asOf}>{utcTime(overview.data.asOf)}</time>
            </p>
          </section>
          <LedgerHealth ledger={overview.data.ledger} />
        </>
      )}
    </div>
  );
}
