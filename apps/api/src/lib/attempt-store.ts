import { Redis } from 'ioredis';

/** Counts events per key inside a window: failed sign-ins today, more limits later. */
export type AttemptStore = {
  /** Records one event; answers how many the key has in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Milliseconds until the key's window ends and its count starts again from 0 (0 when it has none). */
  expiresIn(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function memoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      if (entries.size > 100_000) {
        for (const k of entries.keys()) live(k);
      }
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async expiresIn(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - now() : 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

/** Shared by every instance behind a load balancer. */
export function redisAttemptStore(url: string, prefix = 'attempts:'): AttemptStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[null, number], [null, number]];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async expiresIn(key) {
      // -2: no such key; -1: no expiry (cannot happen: every hit sets one).
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
