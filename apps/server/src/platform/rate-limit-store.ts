import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Increment a window counter atomically; start its window on the first hit. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const LOCAL_KEYS_MAX = 10_000;

/** Window counters in this process: the fallback while Redis cannot answer. */
class LocalCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= LOCAL_KEYS_MAX) this.prune(now);
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full of live windows: forget the oldest, as an LRU would.
    while (this.windows.size >= LOCAL_KEYS_MAX) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}

/**
 * A rate-limit store for @fastify/rate-limit: counters in Redis, shared by every app server;
 * when Redis cannot answer, counted in this process instead. A Redis outage therefore loosens
 * the limits to one server's share, and never removes them or fails the request.
 */
export function redisStoreWithFallback(redis: Redis, namespace: string): FastifyRateLimitStoreCtor {
  const local = new LocalCounters();
  const increment = (key: string, timeWindow: number) =>
    redis.eval(INCREMENT, 1, key, timeWindow) as Promise<[number, number]>;

  class Store implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = namespace,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const full = this.prefix + key;
      increment(full, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        () => callback(null, local.incr(full, timeWindow)),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the route's options carry its method and URL (as RedisStore uses them); a
      // limiter made with createRateLimit has none, and its keys name what they count.
      const { method = '', url = '' } = (
        routeOptions as unknown as { routeInfo: { method?: string; url?: string } }
      ).routeInfo;
      return new Store(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return Store as unknown as FastifyRateLimitStoreCtor;
}
