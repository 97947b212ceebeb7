/**
 * Where "now" comes from. Services take it from the dependencies object instead of calling
 * `new Date()` themselves, so a test can move time (code expiry, leases, accruals) without
 * waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
