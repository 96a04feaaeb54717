import type { Database } from '../../db/client';
import { type NotifiedCache, notifiedCacheOn } from '../../db/notified-cache';

/**
 * What the public lookups read (students with their marks, the exam sessions' releases, paper sets, ranks), kept
 * in memory until the lookups_changed channel announces a change to any of it (migration 0014): in exam
 * week a result lookup then costs no database round trip. Every entry goes on any notice; changes are
 * rare once results are out, and a crowd arriving after one shares one read per key.
 */
/** Two entries per student looked up (the student with their marks, their result as sent), a few for flags, papers and ranks. */
export const LOOKUP_CACHE_ENTRIES = 50_000;
export const LOOKUP_CACHE_TTL_MS = 10 * 60 * 1000;
/** The channel migration 0014's triggers notify. */
export const LOOKUPS_CHANNEL = 'lookups_changed';

export function createLookupCache(database: Database, onListenError: (error: unknown) => void): NotifiedCache {
  const sizes = { maxEntries: LOOKUP_CACHE_ENTRIES, ttlMs: LOOKUP_CACHE_TTL_MS };
  return notifiedCacheOn(database, { channel: LOOKUPS_CHANNEL, ...sizes, onListenError });
}
