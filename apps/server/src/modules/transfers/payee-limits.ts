import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { auditSecurityEvent } from '../../platform/audit/index.js';
import { clientKey } from '../../platform/client-key.js';
import { AppError } from '../../platform/errors.js';
import { RateLimitAuditGate } from '../../platform/rate-limit-audit.js';
import { sessionOf } from '../../plugins/access.js';

/**
 * How often a payee of this bank may be checked (decision 0024): each check tells the payer
 * whether an account number is a customer's, the holder's first name and last initial, and
 * whether a name they guessed is the holder's. Counted per customer (whoever they check) and per
 * account number (whoever checks it), in the rate limiter's store (Redis when set, shared by
 * every app server), whose counts go up one by one even for checks at the same moment.
 */
export const PAYEE_CHECK_LIMITS = {
  /** A customer paying someone new checks once or twice; ten in a quarter of an hour is plenty. */
  customerBurst: { max: 10, minutes: 15 },
  customerDay: { max: 30, minutes: 24 * 60 },
  /** One account number, by every customer together: names are not guessed at it. */
  account: { max: 20, minutes: 60 },
} as const;

const MINUTE = 60_000;

/** Counts one check of `accountNumber` by the customer; refuses (429) beyond the limits. */
export type PayeeCheckLimits = (accountNumber: string) => Promise<void>;

const wait = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes >= 120
    ? `${Math.ceil(minutes / 60)} hours`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * The limits for one app: per request, a function that counts a check. The customer's own
 * counts come first: a check they are refused does not count against the account number, so
 * one customer cannot use up the checks of someone else's account. A 429 is recorded in the
 * audit log as the address limits' are, at most once a minute per address, route and limit.
 */
export function payeeCheckLimits(app: FastifyInstance, deps: AppDeps) {
  const { customerBurst, customerDay, account } = PAYEE_CHECK_LIMITS;
  const target = new WeakMap<FastifyRequest, string>();
  // Each window has its own key: in a shared store (Redis) one key is one counter, so two
  // windows under one key would count every check twice.
  const perCustomer = (limit: { max: number; minutes: number }) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.minutes * MINUTE,
      keyGenerator: (request) =>
        `payee-check:customer:${sessionOf(request).userId}:${limit.minutes}m`,
    });
  const burst = perCustomer(customerBurst);
  const day = perCustomer(customerDay);
  const perAccount = app.createRateLimit({
    max: account.max,
    timeWindow: account.minutes * MINUTE,
    keyGenerator: (request) => `payee-check:account:${target.get(request) ?? ''}`,
  });
  const gate = new RateLimitAuditGate(deps.clock);

  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: { scope: 'customer' | 'account'; limit: number; minutes: number; ttlSeconds: number },
    message: string,
  ): Promise<never> {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const { record } = gate.admit(`${clientKey(request.ip)} ${route} ${refusal.scope}`);
    if (record) {
      await auditSecurityEvent(
        deps.audit,
        deps.db,
        {
          action: 'security.rate_limited',
          actor: request.actor ?? { userId: null, ip: request.ip, userAgent: null },
          targetId: route,
          customerId: sessionOf(request).userId,
          after: {
            limit: refusal.limit,
            window: `${refusal.minutes} minutes`,
            scope: refusal.scope,
          },
        },
        (lost) => request.log.error(lost, 'security event not recorded'),
      );
    }
    void reply.header('retry-after', String(refusal.ttlSeconds));
    throw new AppError('RATE_LIMITED', message);
  }

  return (request: FastifyRequest, reply: FastifyReply): PayeeCheckLimits =>
    async (accountNumber) => {
      for (const [limit, check] of [
        [customerBurst, burst],
        [customerDay, day],
      ] as const) {
        const counted = await check(request);
        if (!counted.isAllowed && counted.isExceeded) {
          const period = limit === customerDay ? 'today' : `in the last ${limit.minutes} minutes`;
          await refuse(
            request,
            reply,
            {
              scope: 'customer',
              limit: limit.max,
              minutes: limit.minutes,
              ttlSeconds: counted.ttlInSeconds,
            },
            `You have checked ${limit.max} payees ${period}. For your security, please wait ${wait(counted.ttlInSeconds)} before checking another.`,
          );
        }
      }
      target.set(request, accountNumber);
      const counted = await perAccount(request);
      if (!counted.isAllowed && counted.isExceeded) {
        await refuse(
          request,
          reply,
          {
            scope: 'account',
            limit: account.max,
            minutes: account.minutes,
            ttlSeconds: counted.ttlInSeconds,
          },
          `This account number has been checked too many times in the last hour. For the account holder's security, please try again in ${wait(counted.ttlInSeconds)}.`,
        );
      }
    };
}
