import { DomainError } from '@app/domain/errors';
import { type FlagName, flagNames, type SettingFlag } from '@app/domain/flags.schemas';
import { messages } from '@app/domain/messages';
import { asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { settingFlags } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';

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
  db: Db,
  { flagName, flagValue, by }: { flagName: string; flagValue: 'true' | 'false'; by: Actor },
): Promise<SettingFlag> {
  if (!flagNames.includes(flagName as FlagName)) throw new DomainError('NOT_FOUND', messages.flagNotFound);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(settingFlags).where(eq(settingFlags.flagName, flagName)).for('update');
    const [row] = await tx
      .update(settingFlags)
      .set({ flagValue, updatedAt: new Date() })
      .where(eq(settingFlags.flagName, flagName))
      .returning();
    if (!before || !row) throw new DomainError('NOT_FOUND', messages.flagNotFound);
    await recordAudit(tx, { by, entity: 'flag', entityId: flagName, action: 'update', before, after: row });
    return { flagName: row.flagName, flagValue };
  });
}
