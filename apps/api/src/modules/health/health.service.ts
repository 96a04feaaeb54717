import { sql } from 'drizzle-orm';
import { type Db, pendingMigrations } from '../../db/client';
import type { AttemptStore } from '../../lib/attempt-store';

export type Readiness = {
  /** `degraded`: serving, but Redis is unreachable, so login and upload limits count per instance. */
  status: 'ok' | 'degraded' | 'unavailable';
  database: 'ok' | 'unavailable';
  /** `pending`: this build carries migrations the database lacks; `unknown` while the database is unreachable. */
  migrations: 'ok' | 'pending' | 'unknown';
  redis: 'ok' | 'unavailable' | 'not configured';
};

/** Whether the database answers; its error goes to `onError` (the route logs it). */
export async function databaseAnswers(db: Db, onError: (error: unknown) => void): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    onError(error);
    return false;
  }
}

/**
 * Ready for traffic: the database answers and holds every migration of this build. Redis unreachable
 * leaves the instance serving (`degraded`): taking every instance out of a load balancer because the
 * shared limits are away would turn a degraded service into an outage.
 */
export async function readiness(
  { db, attempts }: { db: Db; attempts: AttemptStore },
  onError: (error: unknown) => void,
): Promise<Readiness> {
  const [pending, redis] = await Promise.all([
    pendingMigrations(db).catch((error: unknown) => {
      onError(error);
      return undefined;
    }),
    attempts.health ? attempts.health() : ('not configured' as const),
  ]);
  const database = pending === undefined ? 'unavailable' : 'ok';
  const migrations = pending === undefined ? 'unknown' : pending === 0 ? 'ok' : 'pending';
  const ready = database === 'ok' && migrations === 'ok';
  const status = !ready ? 'unavailable' : redis === 'unavailable' ? 'degraded' : 'ok';
  return { status, database, migrations, redis };
}
