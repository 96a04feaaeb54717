import type { ConcessionStatus } from '@app/domain/courses.schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { concessions, students, users } from '../../db/schema';

export async function insertConcession(db: Executor, values: typeof concessions.$inferInsert) {
  const [row] = await db.insert(concessions).values(values).returning();
  if (!row) throw new Error('insert concessions returned nothing');
  return row;
}

/** A request being decided: locked first, like a settlement being decided (decision 009 §1). */
export async function lockConcession(db: Executor, id: number) {
  const [row] = await db.select().from(concessions).where(eq(concessions.id, id)).for('update');
  return row;
}

export async function decideConcessionRow(
  db: Executor,
  id: number,
  values: { status: ConcessionStatus; decidedBy: string; decisionReason: string | null; decidedAt: Date },
) {
  await db.update(concessions).set(values).where(eq(concessions.id, id));
}

/** Concession requests, newest first, with their student and who asked and decided. */
export async function listConcessionRows(
  db: Executor,
  filter: {
    createdBy?: string | undefined;
    status?: ConcessionStatus | undefined;
    studentId?: string | undefined;
    id?: number;
  },
) {
  const decider = sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.uuid} = ${concessions.decidedBy})`;
  return db
    .select({
      concession: concessions,
      studentName: students.studentName,
      totalPaise: students.totalPaise,
      paidPaise: students.paidPaise,
      requestedByName: users.name,
      decidedByName: decider,
    })
    .from(concessions)
    .innerJoin(students, eq(students.studentId, concessions.studentId))
    .innerJoin(users, eq(users.uuid, concessions.requestedBy))
    .where(
      and(
        filter.createdBy ? eq(students.createdBy, filter.createdBy) : undefined,
        filter.status ? eq(concessions.status, filter.status) : undefined,
        filter.studentId ? eq(concessions.studentId, filter.studentId) : undefined,
        filter.id === undefined ? undefined : eq(concessions.id, filter.id),
      ),
    )
    .orderBy(desc(concessions.requestedAt), desc(concessions.id))
    .limit(500);
}

/** The student's fee account changed by an approved concession: fee, concessions, total, remaining, due date. */
export async function setConcessionBalance(
  db: Executor,
  studentId: string,
  values: { concessionPaise: number; totalPaise: number; remainingPaise: number; dueDate: string | null },
) {
  await db
    .update(students)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(students.studentId, studentId));
}
