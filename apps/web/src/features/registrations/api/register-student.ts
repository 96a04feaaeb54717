import type { PaymentMode } from '@app/domain/registrations.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The body of POST /api/counsellor/register (SPEC §3 Registration form payload). The server derives
 * previousYear, examYear, the total and the remaining amount, and takes the counsellor from the session.
 */
export type RegisterStudentBody = {
  studentName: string;
  gender: string;
  dob: string;
  motherName: string;
  address: string;
  pincode: string;
  email: string;
  studentNo: string;
  parentsNo: string;
  appNo: string;
  notificationNo: string;
  standard: string;
  schoolCollege: string;
  preYearPercent: number;
  branch: string;
  /** '{centerId}-{centerName}' */
  examCentre: string;
  paymentStandard: string;
  /** Rupees. */
  amountPaid: number;
  receiptNo: string;
  modeOfPayment: PaymentMode;
  /** 'YYYY-MM-DD'; omitted when nothing remains. */
  dueDate?: string;
  studentPhoto: string;
  receiptPhoto: string;
};

export function registerStudent(body: RegisterStudentBody): Promise<{ studentId: string; message: string }> {
  return api.post('/counsellor/register', body);
}

/** The screen shows its own failure text (SPEC §8 Registration submit); a new student changes the list and the seats. */
export function useRegisterStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStudent,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['registrations'] }),
        queryClient.invalidateQueries({ queryKey: ['exam-centres'] }),
      ]);
    },
  });
}
