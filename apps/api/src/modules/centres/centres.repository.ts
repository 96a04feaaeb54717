import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExamCentreRow, examCentres, students } from '../../db/schema';

export async function listCentreRows(db: Executor): Promise<ExamCentreRow[]> {
  return db.select().from(examCentres).orderBy(asc(examCentres.centerId));
}

/** The public site's list: the listed centres only, without capacity or registrations. */
export async function listPublicCentreRows(db: Executor) {
  return db
    .select({
      centerId: examCentres.centerId,
      centerName: examCentres.centerName,
      collegeName: examCentres.collegeName,
      city: examCentres.city,
    })
    .from(examCentres)
    .where(eq(examCentres.listedPublicly, true))
    .orderBy(asc(examCentres.centerId));
}

/**
 * With `lock`, the centre's row is held until the transaction ends, while its seats are counted. FOR NO KEY
 * UPDATE, not FOR UPDATE: it still excludes another registration, but not the foreign-key check of a
 * payment's update of a student at this centre, which waited here while this transaction waited for the
 * receipt counter that payment held: a deadlock (docs/decisions/009-lock-order.md).
 */
export async function findCentre(db: Executor, centerId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(examCentres).where(eq(examCentres.centerId, centerId)).limit(1);
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

/**
 * A centre named the ways clients name one: its ID ('12'), the stored '{centerId}-{centerName}', or its
 * name (case and surrounding spaces ignored).
 */
export async function findCentreByRef(db: Executor, ref: string): Promise<ExamCentreRow | undefined> {
  const id = /^(\d{1,4})(?:-|$)/.exec(ref)?.[1];
  if (id) return findCentre(db, Number(id));
  const [row] = await db
    .select()
    .from(examCentres)
    .where(sql`lower(${examCentres.centerName}) = lower(${ref.trim()})`)
    .orderBy(asc(examCentres.centerId))
    .limit(1);
  return row;
}

export async function insertCentre(db: Executor, values: typeof examCentres.$inferInsert): Promise<ExamCentreRow> {
  const [row] = await db.insert(examCentres).values(values).returning();
  if (!row) throw new Error('insert exam_centres returned nothing');
  return row;
}

export async function updateCentre(
  db: Executor,
  centerId: number,
  values: Pick<ExamCentreRow, 'centerName' | 'collegeName' | 'capacity' | 'city' | 'listedPublicly'>,
): Promise<ExamCentreRow | undefined> {
  const [row] = await db
    .update(examCentres)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(examCentres.centerId, centerId))
    .returning();
  return row;
}

export async function deleteCentre(db: Executor, centerId: number): Promise<boolean> {
  const rows = await db
    .delete(examCentres)
    .where(eq(examCentres.centerId, centerId))
    .returning({ id: examCentres.centerId });
  return rows.length > 0;
}

/** Students registered per centre. */
export async function registeredCounts(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ centerId: students.examCentreId, n: count() })
    .from(students)
    .groupBy(students.examCentreId);
  return new Map(rows.map((row) => [row.centerId, row.n]));
}
