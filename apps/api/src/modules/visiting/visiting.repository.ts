import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type VisitingRow, visitingRecords } from '../../db/schema';

export async function insertVisiting(db: Executor, values: typeof visitingRecords.$inferInsert): Promise<VisitingRow> {
  const [row] = await db.insert(visitingRecords).values(values).returning();
  if (!row) throw new Error('insert visiting_records returned nothing');
  return row;
}

/** Newest first; one counsellor's records, or everyone's. */
export async function listVisiting(db: Executor, filter: { createdBy?: string }): Promise<VisitingRow[]> {
  return db
    .select()
    .from(visitingRecords)
    .where(filter.createdBy ? eq(visitingRecords.createdBy, filter.createdBy) : undefined)
    .orderBy(desc(visitingRecords.createdAt), desc(visitingRecords.id));
}
