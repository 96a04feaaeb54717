import type { Standard } from '@app/domain/standards.rules';
import type { EnquiryStatus } from '@app/domain/visiting.schemas';
import { and, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { prepared } from '../../db/prepared';
import { type VisitingRow, visitingRecords } from '../../db/schema';

export async function insertVisiting(db: Executor, values: typeof visitingRecords.$inferInsert): Promise<VisitingRow> {
  const [row] = await db.insert(visitingRecords).values(values).returning();
  if (!row) throw new Error('insert visiting_records returned nothing');
  return row;
}

/**
 * The Visiting Table lists enquiries recorded with the Visiting Form (SPEC §3's shape); website
 * enquiries, which lack the form's fields, are listed by the funnel's screens. A counsellor's are those
 * assigned to them (the recorder, unless an admin gave it to someone else).
 */
const isVisitingForm = ne(visitingRecords.source, 'website');

const byStatus = (status: EnquiryStatus | undefined): SQL | undefined => {
  if (status === 'all') return undefined;
  return status === 'closed' ? isNotNull(visitingRecords.closedAt) : isNull(visitingRecords.closedAt);
};

/** Newest first (open ones unless asked otherwise); one counsellor's records, or everyone's. */
export async function listVisiting(
  db: Executor,
  filter: { createdBy?: string; status?: EnquiryStatus | undefined },
): Promise<VisitingRow[]> {
  return db
    .select()
    .from(visitingRecords)
    .where(
      and(
        isVisitingForm,
        byStatus(filter.status),
        filter.createdBy ? eq(visitingRecords.assignedTo, filter.createdBy) : undefined,
      ),
    )
    .orderBy(desc(visitingRecords.createdAt), desc(visitingRecords.id));
}

export type VisitingListFilter = {
  /** A counsellor's own records (their uuid: assigned to them), or undefined for everyone's. */
  createdBy?: string | undefined;
  standard?: Standard | undefined;
  /** Part of the name, the student number or the parent number. */
  search?: string | undefined;
  /** Open ones unless asked otherwise. */
  status?: EnquiryStatus | undefined;
};

/**
 * The filter as placeholders (its values travel as parameters): `shape` names the SQL text, for the
 * prepared statement, and `values` fills it.
 */
function conditions(filter: VisitingListFilter) {
  const parts: (SQL | undefined)[] = [isVisitingForm, byStatus(filter.status)];
  const values: Record<string, string> = {};
  if (filter.createdBy) {
    parts.push(eq(visitingRecords.assignedTo, sql.placeholder('createdBy')));
    values.createdBy = filter.createdBy;
  }
  if (filter.standard) {
    parts.push(eq(visitingRecords.standard, sql.placeholder('standard')));
    values.standard = filter.standard;
  }
  if (filter.search) {
    const pattern = sql.placeholder('pattern');
    parts.push(
      or(
        ilike(visitingRecords.studentName, pattern),
        ilike(visitingRecords.studentNo, pattern),
        ilike(visitingRecords.parentsNo, pattern),
      ),
    );
    values.pattern = containsPattern(filter.search);
  }
  const shape = `${filter.status ?? 'open'}${filter.createdBy ? 'c' : ''}${filter.standard ? 's' : ''}${filter.search ? 'q' : ''}`;
  return { where: and(...parts), shape, values };
}

/** One page, newest first, and how many match in all. */
export async function listVisitingPage(
  db: Executor,
  filter: VisitingListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: VisitingRow[]; totalCount: number }> {
  const { where, shape, values } = conditions(filter);
  const [rows, [total]] = await Promise.all([
    prepared(db, `visiting_page_${shape}`, (name) =>
      db
        .select()
        .from(visitingRecords)
        .where(where)
        .orderBy(desc(visitingRecords.createdAt), desc(visitingRecords.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ).execute({ ...values, ...page }),
    prepared(db, `visiting_count_${shape}`, (name) =>
      db.select({ n: sql<number>`count(*)::int` }).from(visitingRecords).where(where).prepare(name),
    ).execute(values),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** An enquiry with its row locked until the transaction ends (so two registrations cannot both convert it). */
export async function lockVisiting(tx: Executor, id: number): Promise<VisitingRow | undefined> {
  const [row] = await tx.select().from(visitingRecords).where(eq(visitingRecords.id, id)).for('update');
  return row;
}

export async function setConvertedStudent(tx: Executor, id: number, studentId: string): Promise<void> {
  await tx
    .update(visitingRecords)
    .set({ convertedStudentId: studentId, updatedAt: new Date() })
    .where(eq(visitingRecords.id, id));
}

/** Writes an enquiry's changed fields (an edit, a close or a reopen) and answers the row as it is now. */
export async function updateVisiting(
  tx: Executor,
  id: number,
  values: Partial<typeof visitingRecords.$inferInsert>,
): Promise<VisitingRow> {
  const [row] = await tx
    .update(visitingRecords)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(visitingRecords.id, id))
    .returning();
  if (!row) throw new Error('update visiting_records returned nothing');
  return row;
}
