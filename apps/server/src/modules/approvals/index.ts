import { z } from 'zod';
import { defineJob } from '../../platform/jobs/types.js';
import type { AppModule } from '../module.js';
import { approvalRoutes } from './routes.js';
import { expireProposals } from './service.js';
import { thresholdKind } from './threshold.js';

export {
  ApprovalRegistry,
  defineApprovalKind,
  type ApprovalKind,
  type DetailLine,
  type Proposal,
} from './registry.js';
export {
  dualControlThreshold,
  lockOpenProposalOn,
  openProposalOn,
  openProposalsOf,
  openProposalsOn,
  propose,
  postedAlone,
  proposalOn,
  refuseWhileProposed,
  secondPersonNeeded,
  supersede,
  waitingForMe,
  type ProposalInput,
} from './service.js';

const EXPIRE_JOB = 'approvals.expire';

/**
 * Two-person approvals: the inbox, the decisions on proposals, and their expiry. The kinds are
 * declared by the modules that own what they change (`AppModule.approvalKinds`).
 */
export const approvalsModule: AppModule = {
  name: 'approvals',
  routes: approvalRoutes,
  approvalKinds: [thresholdKind],
  jobs: (deps) => [
    defineJob({
      kind: EXPIRE_JOB,
      payload: z.object({}).passthrough(),
      async run() {
        await expireProposals(deps);
      },
    }),
  ],
  periodic: [{ kind: EXPIRE_JOB, everyMs: 5 * 60_000 }],
};
