import type { UpdateStudentDetailsRequest, UpdateStudentPhotoRequest } from '@app/domain/students.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A change to a student refreshes the student, the lists that show them, and the history. `path`: 'counsellor/updateStudentPhoto'. */
export function useStudentWrite<Body>(
  path: string,
  meta: { isShownByForm: true } | { errorMessage: string } = { isShownByForm: true },
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ studentId, body }: { studentId: string; body: Body }) =>
      api.put(`/${path}/${encodeURIComponent(studentId)}`, 'message', body),
    onSuccess: async () => {
      await Promise.all(
        [queryKeys.students, queryKeys.registrations, queryKeys.activity, queryKeys.centres].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const useUpdateStudentPhoto = () => useStudentWrite<UpdateStudentPhotoRequest>('counsellor/updateStudentPhoto');
export const useUpdateStudentDetails = () =>
  useStudentWrite<UpdateStudentDetailsRequest>('counsellor/updateStudentDetails');
