import type { VisitingRecord } from '@app/domain/visiting.schemas';

/** The enquiry's outcome so far: closed (with why), registered (with the student ID), or still an enquiry. */
export function enquiryStatusOf(record: VisitingRecord): string {
  if (record.closedReason) return `Closed: ${record.closedReason}`;
  return record.convertedStudentId ? `Registered (${record.convertedStudentId})` : 'Enquiry';
}
