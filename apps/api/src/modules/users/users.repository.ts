import type { Role } from '@app/domain/roles';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type UserRow, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function findUserByUuid(db: Executor, uuid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uuid, uuid)).limit(1);
  return row;
}

/** A counsellor's row by uuid; undefined when there is none, or the user is not a counsellor. */
export async function findCounsellor(db: Executor, uuid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.role, 'counsellor')));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function listUsers(db: Executor, filter: { role?: Role | undefined } = {}): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(filter.role ? eq(users.role, filter.role) : undefined)
    .orderBy(asc(users.createdAt), asc(users.name));
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

export async function updateUser(
  db: Executor,
  uuid: string,
  values: Partial<Pick<UserRow, 'passwordHash' | 'isActive'>> & { bumpSession?: boolean },
): Promise<UserRow | undefined> {
  const { bumpSession, ...rest } = values;
  const [row] = await db
    .update(users)
    .set({
      ...rest,
      updatedAt: new Date(),
      ...(bumpSession ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
    })
    .where(eq(users.uuid, uuid))
    .returning();
  return row;
}

export async function countActiveAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
  return row?.n ?? 0;
}

/** Locks the active admins' rows so two deactivations cannot both leave zero. */
export async function lockActiveAdmins(db: Executor): Promise<void> {
  await db
    .select({ uuid: users.uuid })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update');
}
