import { Redis } from 'ioredis';

/**
 * A Redis client that never makes a request wait: commands fail at once while disconnected (no
 * offline queue) and after 250 ms when Redis is slow, so callers can fall back instead of
 * hanging. It keeps reconnecting in the background. `onProblem` hears of an outage once, and of
 * the recovery once.
 */
export function createRedisClient(
  url: string,
  onProblem: (message: string) => void = () => undefined,
): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 250,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    onProblem(`redis unavailable (${error.message}); rate limits are counted in this process`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    onProblem('redis available again; rate limits are shared');
  });
  return redis;
}
