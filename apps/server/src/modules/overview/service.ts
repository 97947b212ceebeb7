import { LEDGER_CHECK_EVERY_MINUTES, type Overview, type Permission } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { readTrialBalance } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { waitingForMe } from '../approvals/index.js';
import { setupChecklist } from '../catalog/index.js';
import { pendingRequests } from '../funding/index.js';
import { pendingReviews } from '../kyc/index.js';
import { transfersInProgress } from '../transfers/index.js';
import { latestCheck } from '../trial-balance/index.js';

type Waiting = { count: number; oldest: Date | null };

/** The queues, in the overview's order, each with the permission that opens it. */
const QUEUES: {
  queue: Overview['queues'][number]['queue'];
  label: string;
  opens: (viewer: StaffActor, deps: AppDeps) => boolean;
  waiting: (deps: AppDeps, viewer: StaffActor) => Promise<Waiting>;
}[] = [
  {
    queue: 'kyc',
    label: 'Identity checks',
    opens: (viewer) => holds(viewer, 'kyc.review'),
    waiting: (deps) => pendingReviews(deps),
  },
  {
    queue: 'funding',
    label: 'Funding requests',
    opens: (viewer) => holds(viewer, 'funding.review'),
    waiting: (deps) => pendingRequests(deps),
  },
  {
    queue: 'transfers',
    label: 'Outgoing transfers',
    opens: (viewer) => holds(viewer, 'transfers.process'),
    waiting: (deps) => transfersInProgress(deps),
  },
  {
    queue: 'approvals',
    label: 'Approvals waiting for me',
    // Only for someone who may approve a kind of proposal.
    opens: (viewer, deps) => deps.approvals.approvableWith(viewer.permissions).length > 0,
    waiting: (deps, viewer) => waitingForMe(deps, viewer),
  },
];

const holds = (viewer: StaffActor, permission: Permission) => viewer.permissions.has(permission);

/**
 * The back office's landing page for a staff member: each queue their permissions open, with
 * how many items wait and how long the oldest has waited (from the server's clock), and the
 * ledger's health: the latest check, whether it is overdue, and each currency's sum now; and
 * what of setting up the bank they may manage, with each step's state.
 */
export async function overviewFor(deps: AppDeps, viewer: StaffActor): Promise<Overview> {
  const now = deps.clock.now();
  const open = QUEUES.filter((q) => q.opens(viewer, deps));
  const [waiting, reading, check, setup] = await Promise.all([
    Promise.all(open.map((q) => q.waiting(deps, viewer))),
    readTrialBalance(deps.db),
    latestCheck(deps),
    setupChecklist(deps, viewer),
  ]);
  const checkedAt = check ? new Date(check.finishedAt) : null;
  return {
    asOf: now.toISOString(),
    queues: open.map((q, i) => {
      const { count, oldest } = waiting[i] ?? { count: 0, oldest: null };
      return {
        queue: q.queue,
        label: q.label,
        count,
        oldestAt: oldest?.toISOString() ?? null,
        oldestAgeSeconds:
          oldest === null
            ? null
            : Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)),
      };
    }),
    setup,
    ledger: {
      lastCheck: check
        ? {
            at: check.finishedAt,
            ok: check.ok,
            violations: check.violations,
            trigger: check.trigger,
          }
        : null,
      stale:
        checkedAt === null ||
        now.getTime() - checkedAt.getTime() > 2 * LEDGER_CHECK_EVERY_MINUTES * 60_000,
      totals: reading.totals.map(({ currency, balance }) => ({
        currency,
        balance: String(balance),
        zero: balance === 0n,
      })),
    },
  };
}
