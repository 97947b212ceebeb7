import type { Kysely } from 'kysely';
import { z } from 'zod';
import { formatMoney, type DualControlSettings, type Proposed } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import { defineApprovalKind } from './registry.js';
import * as repo from './repo.js';
import { DEFAULT_THRESHOLD, DUAL_CONTROL_THRESHOLD, propose, readThreshold } from './service.js';

/**
 * The dual-control threshold (`bank_settings.dual_control_threshold`) changes only by a
 * proposal of one administrator (staff.manage) that another approves: lowering it is as much a
 * decision about money as raising it. The approvals module owns `bank_settings`, so it owns the
 * kind too.
 */

export const THRESHOLD_KIND = 'settings.dual_control_threshold';
const SUBJECT = { type: 'bank_setting', id: DUAL_CONTROL_THRESHOLD };

const payload = z.object({
  threshold: z.string().regex(/^[1-9]\d*$/),
  /** What it was when proposed, for the approver to compare. */
  previous: z.string().regex(/^\d+$/),
});

export const thresholdKind = defineApprovalKind({
  kind: THRESHOLD_KIND,
  label: 'Change the dual-control threshold',
  approve: 'staff.manage',
  payload,
  details: (p, currency) => [
    { label: 'Threshold now', value: formatMoney(BigInt(p.previous), currency) },
    { label: 'New threshold', value: formatMoney(BigInt(p.threshold), currency) },
    {
      label: 'What approving does',
      value:
        'From then on, a funding confirmation or a transfer refund of at least the new threshold (or a confirmation above what the customer claimed) waits for a second person.',
    },
  ],
  async execute(deps, trx, proposal, checker) {
    const threshold = BigInt(proposal.payload.threshold);
    const before = await decide(
      deps,
      {
        lock: async (db: Kysely<DB>) => {
          const row = await repo.lockSetting(db, DUAL_CONTROL_THRESHOLD, String(DEFAULT_THRESHOLD));
          return { before: readThreshold(row.value) };
        },
        notFound: 'No such setting',
        async apply(db, row) {
          await repo.putSetting(db, DUAL_CONTROL_THRESHOLD, String(threshold), checker.userId);
          return row.before;
        },
        audit: (_row, previous) => ({
          action: 'settings.dual_control_threshold',
          actor: checker,
          targetId: DUAL_CONTROL_THRESHOLD,
          before: { threshold: String(previous) },
          after: { threshold: String(threshold), approvalId: String(proposal.id) },
        }),
      },
      trx,
    );
    return [
      { label: 'Threshold before', value: formatMoney(before, deps.config.currency) },
      { label: 'Threshold now', value: formatMoney(threshold, deps.config.currency) },
    ];
  },
});

/** The threshold now, who set it, and a change waiting for a second administrator. */
export async function dualControlSettings(deps: AppDeps): Promise<DualControlSettings> {
  const [row, open] = await Promise.all([
    repo.settingRow(deps.db, DUAL_CONTROL_THRESHOLD),
    repo.openOnMany(deps.db, SUBJECT.type, [SUBJECT.id]),
  ]);
  const pending = open[0];
  const parsed = pending ? payload.safeParse(pending.payload) : undefined;
  return {
    threshold: String(readThreshold(row?.value)),
    currency: deps.config.currency,
    updatedAt: !row || row.updatedBy === null ? null : new Date(row.updatedAt).toISOString(),
    updatedBy: row?.updatedByName ?? null,
    pending:
      pending && parsed?.success
        ? {
            id: String(pending.id),
            summary: pending.summary,
            proposedBy: pending.proposerName,
            proposedAt: new Date(pending.proposedAt).toISOString(),
            threshold: parsed.data.threshold,
          }
        : null,
  };
}

/** Proposes a new threshold, for another administrator to approve under Approvals. */
export async function proposeThreshold(
  deps: AppDeps,
  threshold: bigint,
  reason: string,
  proposer: StaffActor,
): Promise<Proposed> {
  const approvalId = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockSetting(trx, DUAL_CONTROL_THRESHOLD, String(DEFAULT_THRESHOLD));
    const current = readThreshold(row.value);
    if (current === threshold) {
      throw new AppError('CONFLICT', 'The threshold is that already: nothing to change.');
    }
    const money = (m: bigint) => formatMoney(m, deps.config.currency);
    return propose(
      deps,
      trx,
      {
        kind: THRESHOLD_KIND,
        subject: SUBJECT,
        payload: { threshold: String(threshold), previous: String(current) },
        summary: `Change the dual-control threshold from ${money(current)} to ${money(threshold)}`,
        reason,
      },
      proposer,
    );
  });
  return {
    approvalId: String(approvalId),
    message: 'Proposed: another administrator approves it under Approvals.',
  };
}
