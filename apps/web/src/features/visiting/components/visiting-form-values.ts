import {
  OTHER_REASON,
  type VisitingRecord,
  type VisitingRequest,
  visitingReasons,
  visitingRequest,
} from '@app/domain/visiting.schemas';
import type { z } from 'zod';
import { emptyStudentValues, type StudentFormValues } from '@/components/student-fields/student-values';
import { type FormText, formResolver } from '@/lib/form-schema';

export type VisitingRequestOutput = z.output<typeof visitingRequest>;

/** What the Visiting Form's inputs hold, new or edited: all text, as the browser gives it. */
export type VisitingFormValues = Omit<StudentFormValues, 'preYearPercent' | 'appNo'> &
  FormText<typeof visitingRequest, 'previousYearPercent' | 'demoGiven' | 'reason' | 'otherReason' | 'source'>;

const { preYearPercent: _, appNo: __, ...studentDefaults } = emptyStudentValues;
export const emptyVisitingValues: VisitingFormValues = {
  ...studentDefaults,
  previousYearPercent: '',
  demoGiven: '',
  reason: '',
  otherReason: '',
  source: 'walk-in',
};

/** The server's default when no mother's name is given (SPEC §3 Visiting record): an empty input. */
const NO_MOTHER_NAME = 'not require';

/** A recorded enquiry as the form's inputs: a reason in words of its own shows as Other with that text. */
export function visitingValuesOf(record: VisitingRecord): VisitingFormValues {
  const isListed = (visitingReasons as readonly string[]).includes(record.reason);
  return {
    studentName: record.studentName,
    gender: record.gender,
    dob: record.dob,
    motherName: record.motherName === NO_MOTHER_NAME ? '' : record.motherName,
    address: record.address,
    pincode: record.pincode,
    standard: record.standard,
    branch: record.branch,
    schoolCollege: record.schoolCollege,
    email: record.email,
    studentNo: record.studentNo,
    parentsNo: record.parentsNo,
    notificationNo: record.notificationNo,
    previousYearPercent: String(record.previousYearPercent),
    demoGiven: record.demoGiven,
    reason: isListed ? record.reason : OTHER_REASON,
    otherReason: isListed ? '' : record.reason,
    source: record.source,
  };
}

export function isVisitingField(path: string): path is keyof VisitingFormValues {
  return path in emptyVisitingValues;
}

/** The shared request schema checks the text values; each field shows its first message. */
export const visitingResolver = formResolver<VisitingFormValues, typeof visitingRequest>(visitingRequest);

/**
 * The request body: the parsed fields (typed by the schema), with the reason as chosen, so the
 * server derives the previous year and the final reason itself.
 */
export function visitingBodyOf(values: VisitingFormValues, valid: VisitingRequestOutput): VisitingRequest {
  const { previousYear, reason, motherName, ...fields } = valid;
  return {
    ...fields,
    reason: values.reason,
    ...(values.reason === OTHER_REASON ? { otherReason: values.otherReason } : {}),
    ...(values.motherName.trim() ? { motherName } : {}),
  };
}
