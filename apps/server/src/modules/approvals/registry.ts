import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Permission } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { StaffActor } from '../../platform/audit/index.js';

/** A line of what an approval does or did, as staff read it. */
export interface DetailLine {
  label: string;
  value: string;
}

/** A proposal as its kind's code receives it: the payload checked by the kind's schema. */
export interface Proposal<P> {
  id: bigint;
  payload: P;
  subjectType: string | null;
  subjectId: string | null;
  customerId: bigint | null;
  amount: bigint | null;
  currency: string | null;
  reason: string;
  proposedBy: bigint;
}

/**
 * One kind of two-person approval, declared by the module that owns what it changes (funding
 * confirmations by funding, ledger adjustments by the ledger's back office, catalog changes by
 * the catalog…) and registered through `AppModule.approvalKinds`. The approvals module keeps the
 * proposals and the rule (another person, with `approve`, before it expires); the kind says what
 * approving does.
 */
export interface ApprovalKind<P = unknown> {
  kind: string;
  /** In words, for the inbox: "Manual ledger adjustment". */
  label: string;
  /** Who may approve or reject it (and sees it waiting in their inbox). */
  approve: Permission;
  /**
   * Who proposes it (through the kind's module's route), when that is a permission of its own:
   * they reach the inbox to follow and withdraw their proposals, without deciding any.
   */
  propose?: Permission;
  payload: z.ZodType<P>;
  /** What approving it will do, line by line, for the approver. */
  details(payload: P, currency: string): DetailLine[];
  /** How long a proposal stays open (default: APPROVAL_TTL_HOURS). */
  ttlHours?: number;
  /**
   * Carries it out, in the approval's transaction, with the subject locked as a staff decision
   * would (platform/decisions.ts): the approval commits only if this does. Returns what it did.
   */
  execute(
    deps: AppDeps,
    trx: Kysely<DB>,
    proposal: Proposal<P>,
    checker: StaffActor,
  ): Promise<DetailLine[]>;
}

/** Default life of a proposal: three days, then it expires unapproved. */
export const APPROVAL_TTL_HOURS = 72;

/** Declares a kind with its payload type checked, for the registry (which holds any kind). */
export function defineApprovalKind<P>(kind: ApprovalKind<P>): ApprovalKind {
  return kind as unknown as ApprovalKind;
}

/** The kinds this app serves, by name: filled from the modules at start (app.ts). */
export class ApprovalRegistry {
  readonly #kinds = new Map<string, ApprovalKind>();

  register(kind: ApprovalKind): void {
    if (this.#kinds.has(kind.kind)) throw new Error(`Approval kind ${kind.kind} registered twice`);
    this.#kinds.set(kind.kind, kind);
  }

  get(kind: string): ApprovalKind | undefined {
    return this.#kinds.get(kind);
  }

  all(): ApprovalKind[] {
    return [...this.#kinds.values()];
  }

  /** The kinds `permissions` may approve. */
  approvableWith(permissions: ReadonlySet<Permission>): ApprovalKind[] {
    return this.all().filter((k) => permissions.has(k.approve));
  }
}
