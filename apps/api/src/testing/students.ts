import type { Standard } from '@app/domain/standards.rules';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { students } from '../db/schema';

let sequence = 0;

/**
 * A student row written straight to the database, for tests that need students with chosen dates and
 * balances (registration through the API always registers now). Returns the row as written.
 */
export async function insertTestStudent(
  database: Database,
  values: {
    createdBy: string;
    examCentreId: number;
    counsellor?: string;
    createdAt?: Date;
    standard?: Standard;
    branch?: string;
    totalPaise?: number;
    paidPaise?: number;
    dueDate?: string | null;
    studentName?: string;
    studentPhoto?: string;
    /** The course registered on (issue 25); none by default. */
    courseId?: number;
  },
) {
  sequence += 1;
  const totalPaise = values.totalPaise ?? 585_000;
  const paidPaise = values.paidPaise ?? 200_000;
  const remainingPaise = totalPaise - paidPaise;
  const row = {
    studentId: `99${String(sequence).padStart(5, '0')}`,
    studentName: values.studentName ?? `Student ${sequence}`,
    gender: 'Female',
    dob: '2010-05-01',
    motherName: 'Asha',
    address: 'Pune',
    pincode: '411001',
    email: `s${sequence}@example.com`,
    studentNo: `98765${String(sequence).padStart(5, '0')}`,
    parentsNo: '9822098220',
    appNo: '9822098220',
    notificationNo: '9822098220',
    standard: values.standard ?? '10th',
    previousYear: '9th',
    schoolCollege: 'New English School',
    preYearPercentBp: 8000,
    branch: values.branch ?? 'English',
    examCentreId: values.examCentreId,
    examYear: 2026,
    studentPhoto: values.studentPhoto ?? 'a'.repeat(64),
    paymentStandard: values.standard ?? '10th',
    feePaise: totalPaise,
    totalPaise,
    paidPaise,
    remainingPaise,
    dueDate: remainingPaise === 0 ? null : values.dueDate === undefined ? '2099-01-01' : values.dueDate,
    createdBy: values.createdBy,
    counsellor: values.counsellor ?? 'Counsellor',
    counsellorBranch: 'Pune',
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    ...(values.courseId === undefined ? {} : { courseId: values.courseId }),
  } satisfies typeof students.$inferInsert;
  await database.db.insert(students).values(row);
  return row;
}

/** The parents of these students consented at the office (issue 27): what a student needs to sign in. */
export async function markConsentGiven(database: Database, studentIds: string[]): Promise<void> {
  await database.db.update(students).set({ consentState: 'given' }).where(inArray(students.studentId, studentIds));
}
