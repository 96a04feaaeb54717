import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import type { NotifiedCache } from '../db/notified-cache';
import { eventually } from './eventually';

let probes = 0;

/**
 * Waits until every notice committed so far on `channel` has reached `cache` (a late one would empty it).
 * Notices arrive in commit order, so once a probe sent now has dropped its own entry, all earlier ones
 * have arrived too. A late full clear drops the probe's entry as well, and the marker with it: then
 * another probe goes out, until one is seen to drop only its own entry.
 */
export async function noticesDelivered(db: Db, cache: NotifiedCache, channel: string): Promise<void> {
  for (;;) {
    probes += 1;
    const probe = `probe-${probes}`;
    await cache.get(probe, async () => 'armed');
    await cache.get('marker', async () => 'armed');
    await db.execute(sql`select pg_notify(${channel}, ${probe})`);
    const dropped = async () => (await cache.get(probe, async () => undefined)) === undefined;
    expect(await eventually(dropped)).toBe(true);
    if ((await cache.get('marker', async () => undefined)) === 'armed') return cache.invalidate('marker');
  }
}
