import { SEAT_NUMBER_LABEL } from './exam.rules';

/**
 * One name for one thing: the words a person reads for a stored field, wherever it is shown (the
 * Excel export's headers and column picker, receipts, forms). The API keeps SPEC's field names.
 */

/** The fields of SPEC §3 Student registration by the column names of SPEC §2's Registration Table. */
export const registrationFieldLabels = {
  studentId: 'Student ID',
  studentName: 'Student Name',
  standard: 'Standard',
  branch: 'Med/Grp',
  studentNo: 'Student No.',
  parentsNo: 'Parent No.',
  examCentre: 'Exam Centre',
  counsellor: 'Counsellor',
  counsellorBranch: 'Branch',
  totalAmount: 'Total Amount',
  amountPaid: 'Paid',
  amountRemaining: 'Remaining',
  dueDate: 'Due Date',
  createdAt: 'Register Date',
  seatNumber: SEAT_NUMBER_LABEL,
  course: 'Course',
} as const;

/** The system's receipt number (a payment's systemReceiptNo, e.g. on the receipt PDF): the Receipt No. */
export const RECEIPT_NUMBER_LABEL = 'Receipt No.';
/** The number of the counsellor's paper receipt book (a payment's receiptNo), never called the Receipt No. */
export const RECEIPT_BOOK_NUMBER_LABEL = 'Receipt Book No.';
