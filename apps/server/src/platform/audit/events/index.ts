import type { z } from 'zod';
import { adjustmentEvents } from './adjustments.js';
import { approvalEvents } from './approval.js';
import { catalogEvents } from './catalog.js';
import { customerEvents } from './customers.js';
import type { EventSpec } from './define.js';
import { decisionEvents } from './decisions.js';
import { oversightEvents } from './oversight.js';
import { securityEvents } from './security.js';
import { staffAdminEvents } from './staff-admin.js';
import { staffEvents } from './staff.js';

/**
 * The catalogue of audit events: one entry per action, with the kind of thing it acts on, the
 * words staff read in the audit log, and the schema of what it records before and after. The
 * writer checks every event against its schema (a wrong shape fails the action in tests, not the
 * audit viewer months later), and the viewer reads them back typed. One file per area: add an
 * event there first.
 *
 * Amounts are strings of minor units, ids are strings, times ISO 8601 (JSON has no bigint).
 */
export const AUDIT_EVENTS = {
  ...decisionEvents,
  ...catalogEvents,
  ...securityEvents,
  ...approvalEvents,
  ...staffEvents,
  ...customerEvents,
  ...staffAdminEvents,
  ...oversightEvents,
  ...adjustmentEvents,
} satisfies Record<string, EventSpec>;

export type AuditAction = keyof typeof AUDIT_EVENTS;
type Spec<A extends AuditAction> = (typeof AUDIT_EVENTS)[A];

/** Whether an event records nothing in this place (its schema is `undefined`). */
type Absent<T> = unknown extends T ? true : [T] extends [undefined] ? true : false;

/** What an event records before and after, as its schema says (absent where it has none). */
export type AuditChange<A extends AuditAction> = (Absent<z.input<Spec<A>['before']>> extends true
  ? { before?: undefined }
  : { before: z.input<Spec<A>['before']> }) &
  (Absent<z.input<Spec<A>['after']>> extends true
    ? { after?: undefined }
    : { after: z.input<Spec<A>['after']> });

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_EVENTS, action);
}

export function auditEventSpec(action: AuditAction): EventSpec {
  return AUDIT_EVENTS[action];
}
