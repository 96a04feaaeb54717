import { Redis } from 'ioredis';

/** Counts events per key inside a window: failed sign-ins today, more limits later. */
export type AttemptStore = {
  /** Records one event; answers how many the key has in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Milliseconds until the key's window ends and its count starts again from 0 (0 when it has none). */
  expiresIn(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** A store with a shared backend (Redis) says whether it reaches it, for `/api/health/ready`. */
  health?(): Promise<'ok' | 'unavailable'>;
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

/** Where a store's logger is (Fastify's and pino's have this shape). */
export type StoreLog = {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
};

/** How long a Redis command or connection may take before the local store answers instead. */
const REDIS_TIMEOUT_MS = 500;
/** How long the local store answers alone after Redis failed to, before Redis is tried again. */
const REDIS_PAUSE_MS = 2000;

/**
 * Shared by every instance behind a load balancer. While Redis is unreachable (down, restarting, a
 * network blip) the counts go to a store in this process's memory instead, at once: the limits then
 * hold per instance, a warning in the log says so, and a sign-in neither fails nor waits. The client
 * reconnects by itself; from then on the counts are Redis's again (the local ones are dropped).
 */
export function redisAttemptStore(url: string, prefix = 'attempts:', options: { log?: StoreLog } = {}): AttemptStore {
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    // No queue while disconnected and no retry of a command: the local store answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect for ever, at most every 2 seconds.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let local = memoryAttemptStore();
  let usingLocal = false;
  // After a command timed out on a connection that looks up (a silent network), commands go to the local
  // store for a while instead of each waiting for the timeout; then one tries Redis again.
  let skipRedisUntil = 0;
  const fallBack = (error: unknown) => {
    skipRedisUntil = Date.now() + REDIS_PAUSE_MS;
    if (usingLocal) return;
    usingLocal = true;
    options.log?.warn(
      { err: error },
      'Redis unavailable: login, lookup and upload limits are counted per instance until it returns',
    );
  };
  redis.on('error', fallBack);
  const recovered = () => {
    skipRedisUntil = 0;
    if (!usingLocal) return;
    usingLocal = false;
    local = memoryAttemptStore();
    options.log?.info({}, 'Redis available again: limits are shared across instances');
  };
  redis.on('ready', recovered);

  // While the first connection is being made (at start), a command waits for it, briefly.
  let connecting: Promise<void> | undefined;
  const firstConnection = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('error', done);
        connecting = undefined;
        resolve();
      };
      const timer = setTimeout(done, REDIS_TIMEOUT_MS);
      redis.once('ready', done);
      redis.once('error', done);
    });

  /** Redis when it is connected and answers in time, else the local store. */
  async function either<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (!usingLocal && (redis.status === 'connecting' || redis.status === 'connect')) {
      connecting ??= firstConnection();
      await connecting;
    }
    if (redis.status !== 'ready') {
      fallBack(new Error(`Redis connection is ${redis.status}`));
      return fallback();
    }
    if (Date.now() < skipRedisUntil) return fallback();
    try {
      const value = await remote();
      // A command that timed out while the connection stayed up: Redis answers again.
      recovered();
      return value;
    } catch (error) {
      fallBack(error);
      return fallback();
    }
  }

  return {
    hit: (key, windowMs) =>
      either(
        async () => {
          const [incr] =
            (await redis
              .multi()
              .incr(prefix + key)
              .pexpire(prefix + key, windowMs, 'NX')
              .exec()) ?? [];
          const [error, count] = incr ?? [new Error('Redis answered no result')];
          if (error) throw error;
          return Number(count);
        },
        () => local.hit(key, windowMs),
      ),
    count: (key) =>
      either(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => local.count(key),
      ),
    // -2: no such key; -1: no expiry (cannot happen: every hit sets one).
    expiresIn: (key) =>
      either(
        async () => Math.max(0, await redis.pttl(prefix + key)),
        () => local.expiresIn(key),
      ),
    async reset(key) {
      await local.reset(key);
      await either(
        async () => {
          await redis.del(prefix + key);
        },
        async () => {},
      );
    },
    async health() {
      try {
        return (await redis.ping()) === 'PONG' ? 'ok' : 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
    async close() {
      await local.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
