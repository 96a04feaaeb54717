import type { Database } from '../../db/client';
import { type NotifiedCache, notifiedCacheOn } from '../../db/notified-cache';

/**
 * Pages of the Visiting Table as answered (the JSON text), kept in memory until the enquiries_changed
 * channel announces a change to any enquiry (migration 0030): a counsellor going back to the list, or an
 * admin paging through it, costs no database round trip and no encoding. Every page goes on any notice;
 * the writer's own instance empties it before its answer leaves (routes.ts), so a counsellor's next
 * list shows what they just saved, and a crowd arriving after a change shares one read per page.
 */
/** A page of 25 enquiries is about 25 KB; the worst case, 200 to a page, about 200 KB. */
export const ENQUIRY_PAGES_ENTRIES = 500;
export const ENQUIRY_PAGES_TTL_MS = 5 * 60 * 1000;
/** The channel migration 0030's trigger notifies. */
export const ENQUIRIES_CHANNEL = 'enquiries_changed';

export function createEnquiryPages(database: Database, onListenError: (error: unknown) => void): NotifiedCache {
  const sizes = { maxEntries: ENQUIRY_PAGES_ENTRIES, ttlMs: ENQUIRY_PAGES_TTL_MS };
  return notifiedCacheOn(database, { channel: ENQUIRIES_CHANNEL, ...sizes, onListenError });
}
