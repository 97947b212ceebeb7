import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { auditSecurityEvent, type AuditWriter } from './audit/index.js';
import { clientKey } from './client-key.js';
import type { Clock } from './clock.js';

/** One row per client address and route in this long, per app server. */
export const RATE_LIMIT_AUDIT_EVERY_MS = 60_000;
/** Rows of 429s one app server writes in a minute at most, whatever the number of addresses. */
export const RATE_LIMIT_AUDIT_PER_MINUTE = 120;

/**
 * Decides which 429s reach the audit log. A refused flood must not become a flood of audit
 * rows (the log is append-only: what is written stays): the first 429 of a client address
 * (its /64 for IPv6) on a route is recorded, then nothing more from that pair for a minute;
 * and one app server records at most `perMinute` of them in any minute, so even many
 * addresses at once cannot grow the log faster than that. Counted in this process: with N app
 * servers behind a balancer, up to N times as many.
 */
export class RateLimitAuditGate {
  readonly #clock: Clock;
  readonly #everyMs: number;
  readonly #perMinute: number;
  /** Pairs recorded, with the time until which they stay quiet (only recorded ones are kept). */
  readonly #quietUntil = new Map<string, number>();
  #minuteStart = 0;
  #inMinute = 0;
  /** 429s left unrecorded by the per-minute cap since the last report. */
  #dropped = 0;

  constructor(clock: Clock, options: { everyMs?: number; perMinute?: number } = {}) {
    this.#clock = clock;
    this.#everyMs = options.everyMs ?? RATE_LIMIT_AUDIT_EVERY_MS;
    this.#perMinute = options.perMinute ?? RATE_LIMIT_AUDIT_PER_MINUTE;
  }

  /**
   * Whether this 429 is recorded. `dropped` counts those the per-minute cap left out since the
   * last call that reported them (for the server log).
   */
  admit(pair: string): { record: boolean; dropped: number } {
    const now = this.#clock.now().getTime();
    if (now - this.#minuteStart >= 60_000) {
      this.#minuteStart = now;
      this.#inMinute = 0;
      for (const [key, until] of this.#quietUntil) if (until <= now) this.#quietUntil.delete(key);
    }
    const quiet = this.#quietUntil.get(pair);
    if (quiet !== undefined && quiet > now) return { record: false, dropped: 0 };
    if (this.#inMinute >= this.#perMinute) {
      this.#dropped += 1;
      return { record: false, dropped: 0 };
    }
    this.#inMinute += 1;
    this.#quietUntil.set(pair, now + this.#everyMs);
    const dropped = this.#dropped;
    this.#dropped = 0;
    return { record: true, dropped };
  }
}

interface Refusal {
  limit: number;
  window: string;
}

/**
 * Records the rate limiter's 429s in the audit log, bounded by a `RateLimitAuditGate`.
 * Returns the function the limiter's error builder calls to mark a request it refuses; the
 * row is written before the 429 is sent, and a failing write never changes the answer.
 */
export function auditRateLimits(
  app: FastifyInstance,
  deps: { clock: Clock; audit: AuditWriter; db: Kysely<DB> },
) {
  const gate = new RateLimitAuditGate(deps.clock);
  const refused = new WeakMap<FastifyRequest, Refusal>();

  app.addHook('onError', async (request) => {
    const refusal = refused.get(request);
    if (!refusal) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    const { record, dropped } = gate.admit(`${clientKey(request.ip)} ${route}`);
    if (dropped > 0) {
      request.log.warn({ dropped }, 'rate-limit refusals not recorded in the audit log (cap)');
    }
    if (!record) return;
    const session = request.session;
    await auditSecurityEvent(
      deps.audit,
      deps.db,
      {
        action: 'security.rate_limited',
        // The access hook ran first: who it was (if signed in), address and browser.
        actor: request.actor ?? { userId: null, ip: request.ip, userAgent: null },
        targetId: route,
        customerId: session?.userKind === 'customer' ? session.userId : null,
        after: refusal,
      },
      (lost) => request.log.error(lost, 'security event not recorded'),
    );
  });

  return (request: FastifyRequest, context: { max: number }) => {
    const window = request.routeOptions.config.rateLimit;
    refused.set(request, {
      limit: context.max,
      window:
        typeof window === 'object' && window.timeWindow !== undefined
          ? String(window.timeWindow)
          : 'unknown',
    });
  };
}
