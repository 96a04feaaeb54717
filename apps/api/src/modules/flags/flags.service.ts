import { DomainError } from '@app/domain/errors';
import { type FlagName, flagNames, type SettingFlag } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settingFlags } from '../../db/schema';

/** Every flag exists from the first start, off. */
export async function ensureFlags(db: Executor): Promise<void> {
  await db
    .insert(settingFlags)
    .values(flagNames.map((flagName) => ({ flagName, flagValue: 'false' })))
    .onConflictDoNothing();
}

export async function listFlags(db: Executor): Promise<SettingFlag[]> {
  const rows = await db.select().from(settingFlags).orderBy(asc(settingFlags.flagName));
  return rows.map((row) => ({ flagName: row.flagName, flagValue: row.flagValue === 'true' ? 'true' : 'false' }));
}

export async function updateFlag(
  db: Executor,
  { flagName, flagValue }: { flagName: string; flagValue: 'true' | 'false' },
): Promise<SettingFlag> {
  if (!flagNames.includes(flagName as FlagName)) throw new DomainError('NOT_FOUND', messages.flagNotFound);
  const [row] = await db
    .update(settingFlags)
    .set({ flagValue, updatedAt: new Date() })
    .where(eq(settingFlags.flagName, flagName))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND', messages.flagNotFound);
  return { flagName: row.flagName, flagValue };
}
