import { messages } from '@app/domain/messages';
import type { WithdrawStudentRequest } from '@app/domain/students.schemas';
import { useStudentWrite } from './update-student';

/** Issue 25: an admin withdraws a student (reason and date) … */
export const useWithdrawStudent = () => useStudentWrite<WithdrawStudentRequest>('admin/withdrawStudent');
/** … or makes them active again (seated at once when hall tickets are out); a refusal is a toast. */
export const useReactivateStudent = () =>
  useStudentWrite<undefined>('admin/reactivateStudent', { errorMessage: messages.studentStatusError });
