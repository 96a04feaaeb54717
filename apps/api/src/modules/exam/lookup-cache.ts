import type { Database } from '../../db/client';
import { createNotifiedCache, type NotifiedCache } from '../../db/notified-cache';

/**
 * What the public lookups read (students with their marks, the setting flags, paper sets, ranks), kept
 * in memory until the lookups_changed channel announces a change to any of it (migration 0014): in exam
 * week a result lookup then costs no database round trip. Every entry goes on any notice; changes are
 * rare once results are out, and a crowd arriving after one shares one read per key.
 */
export function createLookupCache(database: Database, onListenError: (error: unknown) => void): NotifiedCache {
  return createNotifiedCache({
    channel: 'lookups_changed',
    // Two entries per student looked up (the student with their marks, their result as sent), a few for
    // flags, papers and ranks.
    maxEntries: 50_000,
    ttlMs: 10 * 60 * 1000,
    listen: database.listen,
    listenUrl: database.url,
    onListenError,
  });
}
