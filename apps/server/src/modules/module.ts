import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import type { JobHandler } from '../platform/jobs/types.js';
import type { ApprovalKind } from './approvals/registry.js';

/**
 * One shape for every feature module: its routes, its background jobs and its periodic work,
 * each built from the same dependencies object, and the approval kinds it owns. app.ts and main.ts read the list of modules.
 */
export interface AppModule {
  name: string;
  routes?(deps: AppDeps): FastifyPluginAsyncZod;
  jobs?(deps: AppDeps): JobHandler[];
  periodic?: readonly { kind: string; everyMs: number }[];
  /** The two-person approvals this module carries out (modules/approvals). */
  approvalKinds?: readonly ApprovalKind[];
}
