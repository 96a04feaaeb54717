import pg from 'pg';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { findUserByUuid } from './users.repository';

/**
 * The users behind sessions, kept in memory so an authenticated request costs no database round trip.
 * It stays exact: a trigger announces every change of a user row on the users_changed channel, which
 * each instance listens to (PGlite in-process, PostgreSQL on a connection of its own); the users service
 * also drops the entry itself once its write commits, so its own next request never waits for the
 * notice. While the PostgreSQL channel is not connected the cache is bypassed, never trusted.
 */
export type UserCache = {
  get(uuid: string): Promise<UserRow | undefined>;
  invalidate(uuid: string): void;
  close(): Promise<void>;
};

const MAX_ENTRIES = 20_000;
const TTL_MS = 5 * 60 * 1000;

type Options = {
  db: Db;
  /** In-process LISTEN (PGlite). */
  listen?: ((channel: string, onMessage: (payload: string) => void) => Promise<unknown>) | undefined;
  /** PostgreSQL URL to listen on; without it (embedded PGlite) this process is the only writer. */
  listenUrl?: string | undefined;
  onListenError?: (error: unknown) => void;
};

export function createUserCache({ db, listen, listenUrl, onListenError }: Options): UserCache {
  const entries = new Map<string, { row: UserRow; expiresAt: number }>();
  let live = !listenUrl;
  /** Bumped by every invalidation: a load that raced one is not cached. */
  let generation = 0;
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: listenUrl });
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
    client.on('notification', (message) => {
      if (message.payload) invalidate(message.payload);
    });
    listener = client;
    try {
      await client.connect();
      await client.query('LISTEN users_changed');
      entries.clear();
      generation += 1;
      live = !closed;
    } catch (error) {
      lost(error);
    }
  };
  function invalidate(uuid: string) {
    generation += 1;
    entries.delete(uuid);
  }

  if (listenUrl) void connect();
  // Changes made by any code in this process, not only the users service, reach the cache.
  void listen?.('users_changed', invalidate);

  return {
    async get(uuid) {
      const now = Date.now();
      const hit = live ? entries.get(uuid) : undefined;
      if (hit && hit.expiresAt > now) return hit.row;
      const loadedAt = generation;
      const row = await findUserByUuid(db, uuid);
      if (row && live && loadedAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(uuid, { row, expiresAt: now + TTL_MS });
      }
      return row;
    },
    invalidate,
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
