import type { registerStudentRequest, studentDetailFields } from '@app/domain/registrations.schemas';
import type { FormText } from '@/lib/form-schema';

/**
 * The student's own details as a form's inputs hold them (SPEC §3 Student detail), with the standard and
 * branch: the one type the registration, enquiry and edit forms build theirs from.
 */
export type StudentFormValues = FormText<
  typeof registerStudentRequest,
  keyof typeof studentDetailFields | 'standard' | 'branch'
>;

export const emptyStudentValues: StudentFormValues = {
  studentName: '',
  gender: '',
  dob: '',
  motherName: '',
  address: '',
  pincode: '',
  standard: '',
  branch: '',
  schoolCollege: '',
  preYearPercent: '',
  email: '',
  studentNo: '',
  parentsNo: '',
  appNo: '',
  notificationNo: '',
};
