import type { Standard } from '@app/domain/standards.rules';
import { and, asc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { examCentres, students } from '../../db/schema';

/** Which students an export takes; every field optional (no filter). Bounds are instants. */
export type ExportFilter = {
  standard?: Standard | undefined;
  /** A counsellor's uuid (matched on createdBy) or their name. */
  counsellor?: string | undefined;
  examCentreId?: number | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  remaining?: 'zero' | 'nonZero' | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function exportConditions(filter: ExportFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.standard) parts.push(eq(students.standard, filter.standard));
  if (filter.counsellor) {
    parts.push(
      UUID.test(filter.counsellor)
        ? eq(students.createdBy, filter.counsellor)
        : eq(students.counsellor, filter.counsellor),
    );
  }
  if (filter.examCentreId) parts.push(eq(students.examCentreId, filter.examCentreId));
  if (filter.start) parts.push(gte(students.createdAt, filter.start));
  if (filter.end) parts.push(lt(students.createdAt, filter.end));
  if (filter.remaining === 'zero') parts.push(eq(students.remainingPaise, 0));
  if (filter.remaining === 'nonZero') parts.push(gt(students.remainingPaise, 0));
  return parts.length ? and(...parts) : undefined;
}

const len = (column: SQL | typeof students.studentId) => sql<number>`coalesce(max(char_length(${column})), 0)::int`;

/**
 * One aggregate over the matching students: how many, and the longest value of each text column and
 * the largest amounts (for the workbook's column widths), without reading the rows themselves.
 */
export async function exportMeasures(db: Executor, filter: ExportFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      studentId: len(students.studentId),
      studentName: len(sql`${students.studentName}`),
      standard: len(sql`${students.standard}`),
      branch: len(sql`${students.branch}`),
      studentNo: len(sql`${students.studentNo}`),
      parentsNo: len(sql`${students.parentsNo}`),
      examCentre: len(sql`${students.examCentreId}::text || '-' || ${examCentres.centerName}`),
      counsellor: len(sql`${students.counsellor}`),
      counsellorBranch: len(sql`${students.counsellorBranch}`),
      seatNumber: len(sql`${students.seatNumber}`),
      totalPaise: sql<number>`coalesce(max(${students.totalPaise}), 0)::int`,
      paidPaise: sql<number>`coalesce(max(${students.paidPaise}), 0)::int`,
      remainingPaise: sql<number>`coalesce(max(${students.remainingPaise}), 0)::int`,
      hasDueDate: sql<boolean>`bool_or(${students.dueDate} is not null)`,
    })
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(exportConditions(filter));
  if (!row) throw new Error('An aggregate query answered no row');
  return row;
}
export type ExportMeasures = Awaited<ReturnType<typeof exportMeasures>>;

const exportSelection = {
  studentId: students.studentId,
  studentName: students.studentName,
  standard: students.standard,
  branch: students.branch,
  studentNo: students.studentNo,
  parentsNo: students.parentsNo,
  examCentreId: students.examCentreId,
  centerName: examCentres.centerName,
  counsellor: students.counsellor,
  counsellorBranch: students.counsellorBranch,
  totalPaise: students.totalPaise,
  paidPaise: students.paidPaise,
  remainingPaise: students.remainingPaise,
  dueDate: students.dueDate,
  createdAt: students.createdAt,
  seatNumber: students.seatNumber,
};

/** One batch of matching students in student-ID order, after `afterId` (keyset paging: no OFFSET). */
export async function exportBatch(
  db: Executor,
  filter: ExportFilter,
  { afterId, limit }: { afterId?: string; limit: number },
) {
  const where = exportConditions(filter);
  return db
    .select(exportSelection)
    .from(students)
    .innerJoin(examCentres, eq(examCentres.centerId, students.examCentreId))
    .where(afterId ? and(where, gt(students.studentId, afterId)) : where)
    .orderBy(asc(students.studentId))
    .limit(limit);
}
export type ExportSourceRow = Awaited<ReturnType<typeof exportBatch>>[number];
