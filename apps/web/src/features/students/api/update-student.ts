import type { UpdateStudentDetailsRequest, UpdateStudentPhotoRequest } from '@app/domain/students.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A change to a student refreshes the student, the lists that show them, and the history. */
function useStudentWrite<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: ({ studentId, body }: { studentId: string; body: Body }) =>
      api.put(`/counsellor/${path}/${encodeURIComponent(studentId)}`, 'message', body),
    onSuccess: async () => {
      await Promise.all(
        [queryKeys.students, queryKeys.registrations, queryKeys.activity, queryKeys.centres].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const useUpdateStudentPhoto = () => useStudentWrite<UpdateStudentPhotoRequest>('updateStudentPhoto');
export const useUpdateStudentDetails = () => useStudentWrite<UpdateStudentDetailsRequest>('updateStudentDetails');
