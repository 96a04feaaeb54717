import type { FlagName } from '@app/domain/flags.schemas';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settingFlags } from '../../db/schema';

/** Whether a setting flag is exactly 'true'; with `lock`, its row stays locked until the transaction ends. */
export async function isFlagOnIn(db: Executor, name: FlagName, { lock = false } = {}): Promise<boolean> {
  const query = db
    .select({ value: settingFlags.flagValue })
    .from(settingFlags)
    .where(eq(settingFlags.flagName, name))
    .limit(1);
  const [row] = lock ? await query.for('share') : await query;
  return row?.value === 'true';
}
