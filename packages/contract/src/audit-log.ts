import { z } from 'zod';
import { textSchema } from './text.js';

/**
 * The audit log as staff read it (audit.read): every staff action and security event, newest
 * first, searched by who did it, whom it concerned, what was done, to what and when (UTC).
 */

/** Who acted: a staff member, a customer, someone not signed in, or the bank itself (jobs). */
export const AUDIT_ACTOR_KINDS = ['staff', 'customer', 'anonymous', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Rows a page holds at most, and the most one CSV export may hold. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const day = /^\d{4}-\d{2}-\d{2}$/;
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?Z$/;

/**
 * A moment of the period: a whole day (UTC) or an instant in UTC ("2026-11-05T14:30:00Z").
 * A day as `from` starts at its midnight; as `to` it is included to its end.
 */
const periodEdge = z
  .string()
  .refine((v) => day.test(v) || instant.test(v), 'Use a date (YYYY-MM-DD) or a UTC time')
  .refine((v) => {
    const parsed = new Date(day.test(v) ? `${v}T00:00:00Z` : v);
    return !Number.isNaN(parsed.getTime()) && (!day.test(v) || parsed.toISOString().startsWith(v));
  }, 'Use a real date');

/** The start of a period edge as an instant: `to` days reach to the next midnight (excluded). */
export function periodInstant(edge: string, side: 'from' | 'to'): Date {
  if (!day.test(edge)) return new Date(edge);
  const start = new Date(`${edge}T00:00:00Z`);
  return side === 'from' ? start : new Date(start.getTime() + 24 * 60 * 60_000);
}

/** Someone by id or email; for the actor, `system` (the bank's jobs) too. */
const person = textSchema()
  .trim()
  .min(1)
  .max(254)
  .refine(
    (v) => /^[1-9]\d{0,18}$/.test(v) || v.includes('@'),
    'Give an id (digits) or an email address',
  );

const auditFilterShape = {
  /** A staff member or customer (id or email), or `system`. */
  actor: z.union([z.literal('system'), person]).optional(),
  /** The customer an event concerns (id or email). */
  customer: person.optional(),
  /** One action of the catalogue ("kyc.approve") or a whole area or group ("security"). */
  action: z
    .string()
    .max(80)
    .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/, 'Choose an action from the list')
    .optional(),
  /** What an event acted on: its id ("42"), or kind and id ("transfer:42"). */
  target: textSchema().trim().min(1).max(200).optional(),
  from: periodEdge.optional(),
  to: periodEdge.optional(),
};

const periodInOrder = <T extends { from?: string | undefined; to?: string | undefined }>(f: T) =>
  !f.from || !f.to || periodInstant(f.from, 'from') < periodInstant(f.to, 'to');
const periodMessage = { message: 'The end of the period is before its start', path: ['to'] };

/** The audit log's search (query string); every filter optional, newest first. */
export const auditQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    /** The `nextCursor` of the page before. */
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,18}$/, 'Not a page cursor')
      .optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .refine(periodInOrder, periodMessage);
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The CSV export's filter: the same as the search, the whole of it. */
export const auditExportQuerySchema = z
  .strictObject(auditFilterShape)
  .refine(periodInOrder, periodMessage);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

const someone = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    /** Its place in the hash chain (1, 2, 3… without a gap). */
    seq: z.string(),
    /** When, in UTC. */
    at: z.iso.datetime(),
    actor: z.object({
      kind: z.enum(AUDIT_ACTOR_KINDS),
      id: z.string().nullable(),
      name: z.string(),
      email: z.string().nullable(),
    }),
    action: z.string(),
    /** The action in words ("Identity check approved"). */
    label: z.string(),
    target: z.object({ type: z.string(), id: z.string() }),
    /** The customer it concerns, if any. */
    customer: someone.nullable(),
    /** What the event recorded before and after (JSON, as its catalogue entry names it). */
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    hash: z.string(),
    prevHash: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({
    items: z.array(auditEntrySchema),
    /** Pass back as `cursor` for older rows; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The catalogue of actions for the filter, grouped by area ("security", "kyc"…). */
export const auditActionsSchema = z
  .object({
    areas: z.array(
      z.object({
        area: z.string(),
        label: z.string(),
        actions: z.array(z.object({ action: z.string(), label: z.string() })),
      }),
    ),
  })
  .meta({ id: 'AuditActions' });
export type AuditActions = z.infer<typeof auditActionsSchema>;
