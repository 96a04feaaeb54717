import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { users } from './db/schema';
import { hashPassword } from './lib/passwords';
import { recordAudit, systemActor } from './modules/audit/audit.service';
import { ensurePrivacyNotice } from './modules/privacy/consent.service';
import { ensureFirstSession } from './modules/sessions/sessions.service';

export type FirstAdmin = { email: string; password: string; generated: boolean };

/**
 * What a new database needs before anyone signs in: a first exam session (as of `now`), and an admin.
 * The admin comes from ADMIN_EMAIL / ADMIN_PASSWORD; without them a random password is made
 * and returned once for the console. Never a fixed default password.
 */
export async function bootstrapDatabase(
  db: Db,
  admin: { email?: string | undefined; password?: string | undefined },
  now: Date = new Date(),
): Promise<FirstAdmin | null> {
  await ensureFirstSession(db, now);
  await ensurePrivacyNotice(db);
  return db.transaction(async (tx) => {
    // One instance at a time decides whether an admin is missing.
    await tx.execute(sql`select pg_advisory_xact_lock(7354012002)`);
    const [existing] = await tx.select({ uuid: users.uuid }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (existing) return null;
    const email = (admin.email ?? 'admin@example.com').toLowerCase();
    const password = admin.password ?? randomBytes(12).toString('base64url');
    const [created] = await tx
      .insert(users)
      .values({
        name: 'Administrator',
        userName: 'Administrator',
        email,
        role: 'admin',
        passwordHash: await hashPassword(password),
      })
      .returning();
    if (created) {
      await recordAudit(tx, {
        by: systemActor,
        entity: 'user',
        entityId: created.uuid,
        action: 'create',
        after: created,
      });
    }
    return { email, password, generated: !admin.password };
  });
}
