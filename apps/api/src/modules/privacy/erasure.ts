import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { students, visitingRecords } from '../../db/schema';

/** What an erased text field becomes: kept NOT NULL, says what happened. */
export const ERASED = 'Erased';
const ERASED_PHONE = '0000000000';
const ERASED_DATE = '1900-01-01';

/**
 * A student's fields erased on a family's request (docs/decisions/018-dpdp-consent.md). Kept: the ID,
 * name, standard, centre, exam year and fee account, which the receipts and accounts need for 8 years.
 */
export const erasedStudentFields = [
  'dob',
  'motherName',
  'address',
  'pincode',
  'email',
  'studentNo',
  'parentsNo',
  'appNo',
  'notificationNo',
  'schoolCollege',
  'preYearPercentBp',
  'studentPhoto',
] as const;

export const erasedStudentValues = {
  dob: ERASED_DATE,
  motherName: ERASED,
  address: ERASED,
  pincode: '000000',
  email: 'erased@erased.invalid',
  studentNo: ERASED_PHONE,
  parentsNo: ERASED_PHONE,
  appNo: ERASED_PHONE,
  notificationNo: ERASED_PHONE,
  schoolCollege: ERASED,
  preYearPercentBp: 0,
  studentPhoto: 'erased',
} satisfies Record<(typeof erasedStudentFields)[number], string | number>;

/** An enquiry's fields anonymised (erasure, or the retention rule for enquiries never registered). */
export const anonymisedEnquiryFields = [
  'studentName',
  'dob',
  'address',
  'pincode',
  'email',
  'studentNo',
  'parentsNo',
  'notificationNo',
  'motherName',
  'schoolCollege',
  'previousYearPercentBp',
  'reason',
  'closedNote',
  // What a website enquiry's visitor wrote (decision 017) and a conversion's entry names.
  'message',
  'phone',
] as const;

/**
 * Anonymises enquiries in place (the rows stay, for the counts a funnel needs): every contact detail and
 * note. The student number keeps the row's own id, so the one-enquiry-per-number rule still holds.
 */
export async function anonymiseEnquiries(db: Executor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(visitingRecords)
    .set({
      studentName: ERASED,
      dob: ERASED_DATE,
      address: ERASED,
      pincode: '000000',
      email: 'erased@erased.invalid',
      studentNo: sql`'erased-' || ${visitingRecords.id}`,
      parentsNo: ERASED_PHONE,
      notificationNo: ERASED_PHONE,
      motherName: ERASED,
      schoolCollege: ERASED,
      previousYearPercentBp: 0,
      reason: ERASED,
      closedNote: null,
      message: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(visitingRecords.id, ids))
    .returning({ id: visitingRecords.id });
  await scrubEnquiryAudit(db, ids);
  return rows.length;
}

/**
 * Old audit entries of these enquiries: the anonymised fields' values become '(erased)' and their name
 * 'Erased' (migration 0028). They carry no student ID, so the student's scrub below cannot reach them.
 */
async function scrubEnquiryAudit(db: Executor, ids: readonly number[]) {
  await db.execute(
    sql`select audit_log_scrub_entity('enquiry', ${`{${ids.join(',')}}`}::text[], ${`{${anonymisedEnquiryFields.join(',')}}`}::text[], ${ERASED})`,
  );
}

/** A student's enquiries: the one they registered from, and any other under their own number. */
export async function enquiriesOfStudent(db: Executor, student: { studentId: string; studentNo: string }) {
  const rows = await db
    .select({ id: visitingRecords.id })
    .from(visitingRecords)
    .where(
      or(eq(visitingRecords.convertedStudentId, student.studentId), eq(visitingRecords.studentNo, student.studentNo)),
    )
    .orderBy(visitingRecords.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function eraseStudentRow(db: Executor, studentId: string, changes: Partial<typeof students.$inferInsert>) {
  await db
    .update(students)
    .set({ ...erasedStudentValues, ...changes, updatedAt: sql`now()` })
    .where(eq(students.studentId, studentId));
}

/** Old audit entries of the student: the erased fields' values become '(erased)' (migration 0025). */
export async function scrubStudentAudit(db: Executor, studentId: string, fields: readonly string[]) {
  // The field names are this module's constants; sent as one array literal parameter.
  await db.execute(sql`select audit_log_scrub_student(${studentId}, ${`{${fields.join(',')}}`}::text[])`);
}
