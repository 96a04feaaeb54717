import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './client';

/**
 * Values read from the database, kept in memory for as long as a trigger's channel says nothing they
 * depend on changed. Every API instance listens (PGlite on its one session, PostgreSQL on a connection of its
 * own), so the memory is only an optimisation: no instance needs another's, and a write through any of
 * them reaches all. While the PostgreSQL channel is not connected the cache is bypassed, never trusted.
 *
 * A notice's payload names the one entry to drop; an empty payload drops them all. A load in flight is
 * shared by the requests that ask meanwhile, so a crowd arriving after a change costs one read. A load
 * that answers `undefined` is not kept (a row inserted later may not be announced). The entries live in
 * lru-cache (bounded by `maxEntries`, least recently used out first, each kept at most `ttlMs`); what is
 * ours is the invalidation on top.
 */
export type NotifiedCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops one entry, or every entry without a key (a writer's own next request then never waits for the notice). */
  invalidate(key?: string): void;
  /** False while the PostgreSQL channel is not (yet) connected: every get reads the database. */
  isLive(): boolean;
  close(): Promise<void>;
};

export type NotifiedCacheOptions = {
  channel: string;
  maxEntries: number;
  ttlMs: number;
  /** LISTEN on the database's own session (PGlite: it has one). */
  listen?: ((channel: string, onMessage: (payload: string) => void) => Promise<unknown>) | undefined;
  /** PostgreSQL URL to listen on; without it (embedded PGlite) this process is the only writer. */
  listenUrl?: string | undefined;
  onListenError?: (error: unknown) => void;
};

export function createNotifiedCache({
  channel,
  maxEntries,
  ttlMs,
  listen,
  listenUrl,
  onListenError,
}: NotifiedCacheOptions): NotifiedCache {
  const entries = new LRUCache<string, { value: Promise<unknown> }>({ max: maxEntries, ttl: ttlMs });
  let live = !listenUrl;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  function invalidate(key?: string) {
    if (key) entries.delete(key);
    else entries.clear();
  }

  const connect = async () => {
    const client = new pg.Client({ connectionString: listenUrl, connectionTimeoutMillis: 5000 });
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      live = false;
      listener = undefined;
      entries.clear();
      if (error) onListenError?.(error);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => invalidate(message.payload));
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      entries.clear();
      live = !closed;
    } catch (error) {
      lost(error);
    }
  };

  if (listenUrl) void connect();
  // Changes made by any code in this process reach the cache too.
  void listen?.(channel, (payload) => invalidate(payload));

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!live) return load();
      const hit = entries.get(key);
      if (hit) return hit.value as Promise<T>;
      const value = load();
      const entry = { value };
      entries.set(key, entry);
      const forget = () => {
        if (entries.peek(key) === entry) entries.delete(key);
      };
      value.then((loaded) => loaded === undefined && forget(), forget);
      return value;
    },
    invalidate,
    isLive: () => live,
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      entries.clear();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/** A cache told by `database`'s notices: on PGlite's one session, or on a PostgreSQL connection of its own. */
export function notifiedCacheOn(
  database: Pick<Database, 'listen' | 'url'>,
  options: Omit<NotifiedCacheOptions, 'listen' | 'listenUrl'>,
): NotifiedCache {
  return createNotifiedCache({ ...options, listen: database.listen, listenUrl: database.url });
}
