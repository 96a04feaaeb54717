import { hasInstalments, instalmentAmounts } from '@app/domain/courses.rules';
import type { StudentRow } from '../../db/schema';
import { fields, type Pdf, section, wideField } from '../../lib/pdf/document';
import { formatIsoDate, formatPaise } from '../../lib/pdf/format';

/**
 * What a student owes, as every fee document prints it (issue 25): the course fee they registered with,
 * and with an approved concession, the concession and the total payable; `owedPaise` is the total as the
 * document's moment saw it (a receipt's, a voucher's), the student's total now by default.
 */
export function feeLines(student: StudentRow, owedPaise = student.totalPaise): [string, string][] {
  const fee: [string, string] = ['Course Fee', `${formatPaise(student.feePaise)} (${student.paymentStandard})`];
  const concessionPaise = student.feePaise - owedPaise;
  if (concessionPaise === 0) return [fee];
  return [fee, ['Concession', `− ${formatPaise(concessionPaise)}`], ['Total Payable', formatPaise(owedPaise)]];
}

/** The course the student registered on and their branch (issue 25: fee documents print the course). */
export function courseLine(doc: Pdf, student: StudentRow, courseName: string | undefined): void {
  wideField(doc, 'Course', `${courseName ?? student.paymentStandard} (${student.branch})`);
}

/** The student's instalment plan, when their course has one: each instalment's amount and due date. */
function feePlanLine(doc: Pdf, student: StudentRow): void {
  if (!hasInstalments(student.feePlan)) return;
  // An instalment a concession has taken to nothing is not printed.
  const instalments = instalmentAmounts(student.feePlan, student.totalPaise).filter((one) => one.amountPaise > 0);
  wideField(
    doc,
    'Instalments',
    instalments.map((one) => `${formatPaise(one.amountPaise)} by ${formatIsoDate(one.dueDate)}`).join(' · '),
  );
}

/**
 * The Fees section of the registration form and of the statement of payments: what the student owes, has
 * paid and has left, the due date, and the instalment plan. `paidLabel` is each document's own word; with
 * `course`, the section opens with the course line (the registration form's; the statement prints it above).
 */
export function feesSection(
  doc: Pdf,
  student: StudentRow,
  { paidLabel, course }: { paidLabel: 'Paid' | 'Total Paid'; course?: { name: string | undefined } },
): void {
  section(doc, 'Fees');
  if (course) courseLine(doc, student, course.name);
  fields(doc, [
    ...feeLines(student),
    [paidLabel, formatPaise(student.paidPaise)],
    ['Remaining', formatPaise(student.remainingPaise)],
    ['Due Date', student.remainingPaise > 0 ? formatIsoDate(student.dueDate) : 'Fully paid'],
  ]);
  feePlanLine(doc, student);
}
