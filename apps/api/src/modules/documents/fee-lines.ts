import { hasInstalments, instalmentAmounts } from '@app/domain/courses.rules';
import type { StudentRow } from '../../db/schema';
import { fields, type Pdf, section, wideField } from '../../lib/pdf/document';
import { formatIsoDate, formatPaise } from '../../lib/pdf/format';

/**
 * What a student owes, as every fee document prints it (issue 25): the course fee they registered with,
 * and with an approved concession, the concession and the total payable.
 */
export function feeLines(student: StudentRow): [string, string][] {
  const fee: [string, string] = ['Course Fee', `${formatPaise(student.feePaise)} (${student.paymentStandard})`];
  if (student.concessionPaise === 0) return [fee];
  return [
    fee,
    ['Concession', `− ${formatPaise(student.concessionPaise)}`],
    ['Total Payable', formatPaise(student.totalPaise)],
  ];
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
 * paid and has left, the due date, and the instalment plan. `paidLabel` is each document's own word.
 */
export function feesSection(doc: Pdf, student: StudentRow, { paidLabel }: { paidLabel: 'Paid' | 'Total Paid' }): void {
  section(doc, 'Fees');
  fields(doc, [
    ...feeLines(student),
    [paidLabel, formatPaise(student.paidPaise)],
    ['Remaining', formatPaise(student.remainingPaise)],
    ['Due Date', student.remainingPaise > 0 ? formatIsoDate(student.dueDate) : 'Fully paid'],
  ]);
  feePlanLine(doc, student);
}
