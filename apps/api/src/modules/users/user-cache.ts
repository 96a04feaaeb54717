import type { Db } from '../../db/client';
import { createNotifiedCache, type NotifiedCacheOptions } from '../../db/notified-cache';
import type { UserRow } from '../../db/schema';
import { findUserByUuid } from './users.repository';

/**
 * The users behind sessions, kept in memory so an authenticated request costs no database round trip.
 * It stays exact: a trigger announces every change of a user row on the users_changed channel with the
 * user's uuid (migration 0001); the users service also drops the entry itself once its write commits.
 */
export type UserCache = {
  get(uuid: string): Promise<UserRow | undefined>;
  invalidate(uuid: string): void;
  /** False while the PostgreSQL channel is not connected (every get reads the database meanwhile). */
  isLive(): boolean;
  close(): Promise<void>;
};

export function createUserCache({
  db,
  ...listening
}: { db: Db } & Pick<NotifiedCacheOptions, 'listen' | 'listenUrl' | 'onListenError'>): UserCache {
  const cache = createNotifiedCache({
    channel: 'users_changed',
    maxEntries: 20_000,
    ttlMs: 5 * 60 * 1000,
    ...listening,
  });
  return {
    get: (uuid) => cache.get(uuid, () => findUserByUuid(db, uuid)),
    invalidate: (uuid) => cache.invalidate(uuid),
    isLive: () => cache.isLive(),
    close: () => cache.close(),
  };
}
