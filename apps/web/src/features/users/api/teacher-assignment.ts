import type { TeacherAssignment } from '@app/domain/exam.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const assignmentKey = (uuid: string) => [...queryKeys.users, 'assignment', uuid] as const;

/** GET /api/admin/teachers/:uuid/assignment: the centres and papers the teacher enters marks for. */
export function useTeacherAssignment(uuid: string) {
  return useQuery({
    queryKey: assignmentKey(uuid),
    queryFn: () => api.get(`/admin/teachers/${uuid}/assignment`, 'teacherAssignment'),
  });
}

export function useSaveTeacherAssignment(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignment: TeacherAssignment) =>
      api.put(`/admin/teachers/${uuid}/assignment`, 'teacherAssignment', assignment),
    meta: { isShownByForm: true },
    onSuccess: (saved) => client.setQueryData(assignmentKey(uuid), saved),
  });
}
