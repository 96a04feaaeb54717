import { messages } from '@app/domain/messages';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The body of POST /api/counsellor/visiting: the form's own values, not the parsed result. */
export type CreateVisitingBody = {
  studentName: string;
  gender: string;
  dob: string;
  address: string;
  pincode: string;
  standard: string;
  branch: string;
  schoolCollege: string;
  previousYearPercent: number;
  email: string;
  studentNo: string;
  parentsNo: string;
  notificationNo: string;
  demoGiven: string;
  reason: string;
  otherReason?: string;
  motherName?: string;
};

export function createVisiting(body: CreateVisitingBody): Promise<{ message: string; data: VisitingRecord }> {
  return api.post('/counsellor/visiting', body);
}

/** Failure (409 duplicate enquiry and the rest): the server's message, else 'Error submitting form.' (SPEC §8). */
export function useCreateVisiting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVisiting,
    meta: { errorMessage: messages.visitingSubmitError },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['visiting'] }),
  });
}
